#!/bin/sh
# Debian's Chromium for the browser tests (playwright.config.ts), with every --disable-features it is given merged
# into one: Chromium keeps only the last of several, and Playwright passes its own list before ours.
features=""
for arg; do
  shift
  case "$arg" in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec /usr/bin/chromium "$@" ${features:+"--disable-features=$features"}
