/**
 * API surfaces: which group/version/kinds a target serves and with which scope. Built-in lists
 * (Kubernetes 1.34, OLM v0), user files ({@code kubectl api-resources} output or a YAML list) and
 * a bundle's own CRDs, combined with {@link dev.bundlectl.plan.api.ApiSurface#union}.
 */
package dev.bundlectl.plan.api;
