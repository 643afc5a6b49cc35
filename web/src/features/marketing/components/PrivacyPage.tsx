// /privacy: Privacy Policy (what is collected, why, retention, rights; placeholders kept visible).
import { LegalPage, OPERATOR, SupportEmail } from "./LegalPage";

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what personal data {OPERATOR} collects when you use Tradewind, why we collect it, and the choices you have.</p>}
      sections={[
        {
          id: "collect",
          title: "Data we collect",
          body: (
            <ul>
              <li>Account data: name, e-mail address and a hashed password.</li>
              <li>
                Session and device data: a random device identifier stored in your browser, browser and operating system, IP address, approximate city
                and country, and sign-in times.
              </li>
              <li>Usage data: analyses you run, signals you receive, favourite pairs and credit transactions.</li>
              <li>Support data: messages you send through the contact form.</li>
            </ul>
          ),
        },
        {
          id: "use",
          title: "How we use it",
          body: (
            <ul>
              <li>To provide the service, keep your credit balance and show your signal history.</li>
              <li>To secure your account, including new-device verification and rate limiting.</li>
              <li>To answer support requests and send service e-mails such as verification codes.</li>
              <li>To measure and publish aggregate, anonymous signal performance.</li>
            </ul>
          ),
        },
        {
          id: "cookies",
          title: "Cookies and storage",
          body: (
            <p>
              We use one essential, http-only cookie to keep you signed in, and local browser storage for your device identifier and preferences. We
              do not use advertising cookies or third-party trackers.
            </p>
          ),
        },
        {
          id: "sharing",
          title: "Sharing",
          body: (
            <p>
              We do not sell personal data. We share it only with service providers that host or operate the service for us under confidentiality
              obligations, or when the law requires it.
            </p>
          ),
        },
        {
          id: "retention",
          title: "Retention",
          body: (
            <p>
              Account data is kept while your account is open. Session records expire with the session. Support messages are kept as long as needed to
              handle the request and meet legal obligations.
            </p>
          ),
        },
        {
          id: "rights",
          title: "Your rights",
          body: (
            <p>
              You may ask for access to, correction of, or deletion of your personal data, and object to certain processing. You can sign out other
              devices at any time from your profile.
            </p>
          ),
        },
        {
          id: "security",
          title: "Security",
          body: (
            <p>
              Passwords are stored with a modern one-way hash, access tokens are short-lived and held only in memory, and all traffic is encrypted in
              transit.
            </p>
          ),
        },
        { id: "age", title: "Age", body: <p>The service is for adults aged 18 or older. We do not knowingly collect data from minors.</p> },
        {
          id: "contact",
          title: "Contact",
          body: (
            <p>
              Privacy requests: <SupportEmail />, or the contact form on this site.
            </p>
          ),
        },
      ]}
    />
  );
}
