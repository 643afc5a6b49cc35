# Image for both roles (server and engine); the role is chosen by the compose command.
FROM oven/bun:1.3
WORKDIR /app
COPY package.json bun.lock ./
# Patched dependencies (bun.lock's patchedDependencies) are applied by the install.
COPY patches ./patches
RUN bun install --frozen-lockfile --production
COPY . .
# The web app prebuilt (split chunks, minified, .br/.gz beside each): production serves web/dist as it is.
RUN bun run build
# Run as the image's unprivileged user: a compromise of the app is not root in the container.
RUN chown -R bun:bun /app
USER bun
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["bun", "run", "start:server"]
