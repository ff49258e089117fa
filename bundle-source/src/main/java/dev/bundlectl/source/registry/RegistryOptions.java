package dev.bundlectl.source.registry;

import java.nio.file.Path;
import java.util.Set;

/**
 * How to talk to registries.
 *
 * @param credentials where user names and passwords come from
 * @param insecureRegistries {@code host[:port]} entries that may be reached over plain http, or
 *     over https without verifying the certificate (loopback registries may use plain http always)
 * @param caFile extra PEM certificates to trust besides the JDK's, or null
 * @param retry what to do on 429 and 503
 */
public record RegistryOptions(CredentialStore credentials, Set<String> insecureRegistries, Path caFile,
        RetryPolicy retry) {

    public RegistryOptions {
        insecureRegistries = Set.copyOf(insecureRegistries);
    }

    /** Anonymous, verified TLS, default retries. */
    public static RegistryOptions defaults() {
        return new RegistryOptions(CredentialStore.anonymous(), Set.of(), null, RetryPolicy.DEFAULT);
    }
}
