#!/usr/bin/env bash
# A real engine behind a tap: every line sent to it is appended to a log file first.
# usage: tap.sh <log file> <engine command line...>
log=$1
shift
tee -a "$log" | "$@"
