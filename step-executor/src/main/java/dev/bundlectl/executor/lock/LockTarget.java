package dev.bundlectl.executor.lock;

import dev.bundlectl.executor.records.RecordNames;
import java.util.Objects;

/**
 * What one lock guards: the operations on one package in one install namespace
 * (docs/semantics.md §3, "One operation at a time").
 *
 * @param namespace the install namespace, where the lock's Lease lives
 * @param packageName the package, as the bundle names it
 */
public record LockTarget(String namespace, String packageName) {

    /** Every lock's Lease name starts with this. */
    public static final String LEASE_PREFIX = "bundlectl-";

    private static final int MAX_NAME = 253;

    public LockTarget {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        if (namespace.isEmpty() || packageName.isEmpty()) {
            throw new IllegalArgumentException("a lock needs a namespace and a package");
        }
    }

    /**
     * The name of the lock's Lease: {@code bundlectl-<package>}, the package made a valid object
     * name when it is not one (with a hash of it, so that two packages never share a Lease).
     */
    public String leaseName() {
        return LEASE_PREFIX + RecordNames.dnsSubdomain(packageName, MAX_NAME - LEASE_PREFIX.length());
    }

    /** How messages name the lock's scope: {@code cachebox-operator in namespace team-a}. */
    public String describe() {
        return packageName + " in namespace " + namespace;
    }
}
