/** Where a BundleInstall's bundle comes from when it is not an image: a ConfigMap of the object's namespace. */
package dev.bundlectl.controller.source;
