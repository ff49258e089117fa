#!/usr/bin/env bash
# The CI step of the Flux loop (docs/gitops.md, "The upgrade loop"): renders the bundle the fleet
# runs into rendered/cachebox-operator, which flux/kustomization.yaml applies. Bump BUNDLE in a pull
# request, let CI run this and commit the result, review the diff of rendered/, merge.
set -euo pipefail
BUNDLE="${BUNDLE:-registry.example.com/bundles/cachebox-operator:v0.3.1}"
OUT="${OUT:-rendered/cachebox-operator}"
rm -rf "$OUT"
bundlectl template "$BUNDLE" --namespace cachebox --csv-mode render --managed-by flux -o "dir=$OUT"
