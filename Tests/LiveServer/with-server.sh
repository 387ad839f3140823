#!/usr/bin/env bash
# Runs a command with the scripted server answering the live plans of captures/:
#   Tests/LiveServer/with-server.sh swift run filmstrip record captures/live/*.json
# Starts Tests/LiveServer/scripted_server.py on 127.0.0.1 with an ephemeral port and the script
# Tests/LiveServer/captures.json (or $FILMSTRIP_LIVE_SCRIPT), exports FILMSTRIP_LIVE_PORT for the
# plans' ${FILMSTRIP_LIVE_PORT}, runs the command, and stops the server however the command ends
# (a trap). Exits with the command's status; 2 when the server does not start within 10 s.
# With FILMSTRIP_LIVE_PLAN=PLAN.json it serves that plan's `http` script instead (--plan) and also
# exports FILMSTRIP_SCRIPTED_SERVER, which a model bench on --clock real sends its requests to.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
script="${FILMSTRIP_LIVE_SCRIPT:-$here/captures.json}"
work="$(mktemp -d)"
if [ -n "${FILMSTRIP_LIVE_PLAN:-}" ]; then source=(--plan "$FILMSTRIP_LIVE_PLAN"); else source=(--script "$script"); fi
python3 "$here/scripted_server.py" "${source[@]}" --port 0 --port-file "$work/port" --log "$work/log.jsonl" >/dev/null &
server=$!
stop() {
  kill -TERM "$server" 2>/dev/null
  for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.05; done
  kill -KILL "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap stop EXIT INT TERM
for _ in $(seq 200); do
  [ -s "$work/port" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.05
done
if [ ! -s "$work/port" ]; then
  echo "error: the scripted server did not start (python3 $here/scripted_server.py)" >&2
  exit 2
fi
export FILMSTRIP_LIVE_PORT="$(cat "$work/port")"
export FILMSTRIP_SCRIPTED_SERVER="http://127.0.0.1:$FILMSTRIP_LIVE_PORT"
echo "== scripted server on 127.0.0.1:$FILMSTRIP_LIVE_PORT ($(basename "${FILMSTRIP_LIVE_PLAN:-$script}"))" >&2
"$@"
