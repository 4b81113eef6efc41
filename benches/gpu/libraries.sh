#!/usr/bin/env bash
# The library benchmark (issue 25): benches/gpu/versus-nvcc.sh for benches/gpu/libraries.cu.
#   benches/gpu/libraries.sh build|run|chart DIR
exec "$(dirname "$0")/versus-nvcc.sh" "${1:-}" libraries "${@:2}"
