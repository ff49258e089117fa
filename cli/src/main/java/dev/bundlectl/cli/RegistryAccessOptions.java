package dev.bundlectl.cli;

import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.cache.SourceCache;
import dev.bundlectl.source.registry.CredentialStore;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.registry.RetryPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** How images are pulled: credentials, TLS exceptions, the cache. Shared by plan, install and catalog. */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class RegistryAccessOptions {

    @Option(names = "--registry-config", paramLabel = "FILE",
            description = "Registry credentials (Docker/Podman auth file: {\"auths\": {HOST: {\"auth\": base64(user:password)}}}). "
                    + "Default: $REGISTRY_AUTH_FILE, else ~/.docker/config.json, else anonymous.")
    Path registryConfig;

    @Option(names = "--insecure-registry", paramLabel = "HOST[:PORT]",
            description = "Allow plain http (or an unverified certificate) for this registry. Repeatable. Loopback "
                    + "registries may always use plain http.")
    List<String> insecureRegistries = new ArrayList<>();

    @Option(names = "--registry-ca", paramLabel = "FILE",
            description = "PEM certificates to trust for registries, besides the system's.")
    Path registryCa;

    @Option(names = "--refresh", description = "Pull images again even when the cache has their digest.")
    boolean refresh;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Where pulled images are kept by digest (default: $XDG_CACHE_HOME/bundlectl, else ~/.cache/bundlectl).")
    Path cacheDir;

    /** The settings; a missing or malformed credentials file is invalid input. */
    SourceSettings settings() {
        Path home = Path.of(System.getProperty("user.home"));
        CredentialStore credentials = CredentialStore.locate(registryConfig, System.getenv("REGISTRY_AUTH_FILE"), home);
        Path cache = cacheDir != null ? cacheDir : SourceCache.defaultRoot(System.getenv(), home);
        return new SourceSettings(new RegistryOptions(credentials, new HashSet<>(insecureRegistries), registryCa,
                RetryPolicy.DEFAULT), cache, refresh);
    }
}
