package dev.bundlectl.executor.install;

import dev.bundlectl.executor.apply.ApplySettings;
import java.time.Instant;
import java.util.Objects;

/**
 * What to install and how.
 *
 * @param namespace the install namespace: namespaced objects and the install record go here
 * @param createNamespace whether to create the namespace when it does not exist
 * @param packageName the package, which groups install records
 * @param bundlePath the bundle or payload directory as the user named it
 * @param options execution options; {@code firstInstall} is set by {@link InstallSession} from the
 *     previous install that planning read
 * @param startTime when the install started; it names the record
 */
public record InstallRequest(String namespace, boolean createNamespace, String packageName, String bundlePath,
        ApplySettings options, Instant startTime) {

    public InstallRequest {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(startTime, "startTime");
    }
}
