# Sourced by the other scripts: install Debian packages as root, or through sudo when not root.
apt_install() {
  local runner=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install Debian packages: $*" >&2; exit 1; }
    runner=(sudo)
  fi
  "${runner[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq "$@" >/dev/null
}
