#!/usr/bin/env bash
# Gradescope's setup: runs once, as root, when the autograder image is built
# (Ubuntu). Installs what `slider autograde` needs: a JDK, and bubblewrap for
# its sandbox. slider itself is the binary beside this script.
set -euo pipefail
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  openjdk-17-jdk-headless bubblewrap
install -m 0755 "$(dirname "$0")/slider" /usr/local/bin/slider
# slider's probe and stand-ins compiled once, into the image: each
# submission's run starts from them (without them, each run compiles them)
/usr/local/bin/slider autograde --prepare || true
