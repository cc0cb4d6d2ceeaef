# The release image: Debian 12 slim with the package `make dist` writes
# (dist/store-screenshot-compose_<version>_amd64.deb), so a workflow can say
# `container: ghcr.io/<owner>/store-screenshot-compose:<version>` and start in seconds, with the
# action's input `tool: store-screenshot-compose`. git and ca-certificates: actions/checkout makes
# a git checkout, whose commit time is the SOURCE_DATE_EPOCH the action takes.
# .github/workflows/release.yml builds and pushes it. No Docker daemon runs where this project is
# tested, so scripts/slow-checks/dist-package runs these steps (ARG, COPY, RUN) in a clean Debian 12
# root made by mmdebstrap, then renders and verifies the demo job there.
FROM debian:12-slim
ARG VERSION
COPY dist/store-screenshot-compose_${VERSION}_amd64.deb /tmp/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/store-screenshot-compose_${VERSION}_amd64.deb git ca-certificates \
 && rm -rf /var/lib/apt/lists/* /tmp/store-screenshot-compose_${VERSION}_amd64.deb \
 && store-screenshot-compose --version
CMD ["store-screenshot-compose", "--help"]
