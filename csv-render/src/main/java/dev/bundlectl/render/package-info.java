/**
 * Rendering a ClusterServiceVersion into the plain Kubernetes objects OLM would create from it,
 * for {@code --csv-mode render} on clusters without OLM. {@link dev.bundlectl.render.CsvRenderer}
 * is the entry point: it takes the CSV, the bundle's other manifests and a
 * {@link dev.bundlectl.render.RenderRequest} (operator namespace, install mode, watch
 * namespaces, certificate provider) and returns a
 * {@link dev.bundlectl.render.RenderOutcome}: the objects in apply order, or every reason
 * the CSV cannot be rendered. The planner turns rendered objects into ordinary steps whose
 * {@code parent} is the CSV. Nothing here performs I/O.
 */
package dev.bundlectl.render;
