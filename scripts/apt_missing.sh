# Sourced by scripts/test.sh and scripts/serve.sh: the one way they install Debian packages.
#
# apt_install_missing PACKAGE...: on a system with dpkg and apt-get, installs those of the
# packages that are not installed yet (one apt-get update first), through sudo when not root.
# Returns 0 without doing anything where there is no dpkg/apt-get, after saying what to install.
# as_root: the command prefix it used (for callers that install more afterwards).
as_root=(env DEBIAN_FRONTEND=noninteractive)
if [[ "$(id -u)" -ne 0 ]]; then
  as_root=(sudo env DEBIAN_FRONTEND=noninteractive)
fi

apt_install_missing() {
  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "No dpkg/apt-get here: make sure these (or their equivalents) are installed:"
    echo "  $*"
    return 0
  fi
  local missing=() p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "${p}" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("${p}")
    fi
  done
  if [[ ${#missing[@]} -eq 0 ]]; then
    echo "All needed packages are installed."
    return 0
  fi
  echo "Installing: ${missing[*]}"
  "${as_root[@]}" apt-get update
  "${as_root[@]}" apt-get install -y "${missing[@]}"
}
