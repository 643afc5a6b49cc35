# Image for both roles (server and engine); the role is chosen by the compose command.
FROM oven/bun:1.3
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile --production
COPY . .
# Run as the image's unprivileged user: a compromise of the app is not root in the container.
RUN chown -R bun:bun /app
USER bun
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["bun", "run", "start:server"]
