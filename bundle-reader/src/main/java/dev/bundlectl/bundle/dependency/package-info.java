/**
 * What a bundle needs installed beside it: the {@code olm.package} and {@code olm.gvk} entries of
 * {@code metadata/dependencies.yaml}, the {@code olm.package.required} and
 * {@code olm.gvk.required} properties, and {@code olm.constraint} properties with a package or GVK
 * value, as one list of {@link dev.bundlectl.bundle.dependency.Dependency}; read by
 * {@code bundle.metadata.DependencyReader}.
 */
package dev.bundlectl.bundle.dependency;
