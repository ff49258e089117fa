/**
 * Where a BundleInstall's bundle or catalog comes from when it is not an image: a ConfigMap of the
 * object's namespace, its files packed one per key ({@link dev.bundlectl.controller.source.ConfigMapPacking}).
 */
package dev.bundlectl.controller.source;
