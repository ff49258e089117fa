package dev.bundlectl.bundle.dependency;

/**
 * One thing a bundle needs on the cluster before it can work: an operator package in a version
 * range, or an API (group, version, kind) that some operator provides.
 */
public sealed interface Dependency permits RequiredPackage, RequiredGvk {

    /** OLM's dependency type: {@code olm.package} or {@code olm.gvk}. */
    String type();

    /** The dependency in a few words, for messages and tables: {@code package etcd >=0.9.0}. */
    String describe();
}
