package dev.bundlectl.executor.connect;

import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * fabric8's model of each kubeconfig file one load reads, read once: the client's configuration,
 * {@link TlsVerification} and {@link KubeconfigImpersonation} all look at the same files, and each
 * reading of a file cost a fresh process milliseconds of YAML and binding. A plain file is read
 * by {@link PlainKubeconfigReader}, any other by fabric8 ({@code KubeConfigUtils.parseConfig}),
 * whose exceptions (a file that is not a kubeconfig) go to the caller unchanged. For one load, on
 * one thread.
 */
final class KubeconfigModels {

    private final Map<Path, io.fabric8.kubernetes.api.model.Config> read = new HashMap<>();

    /** The model of {@code file}, read now or taken from an earlier reading. */
    io.fabric8.kubernetes.api.model.Config of(Path file) {
        io.fabric8.kubernetes.api.model.Config model = read.get(file);
        if (model == null) {
            model = PlainKubeconfigReader.read(file).orElseGet(() -> KubeConfigUtils.parseConfig(file.toFile()));
            read.put(file, model);
        }
        return model;
    }

    /**
     * The client configuration of {@code file} with {@code context} (null: its current context),
     * as {@code Config.fromKubeconfig(context, file)} makes it: an empty configuration, with the
     * file's model merged in by fabric8.
     */
    io.fabric8.kubernetes.client.Config clientConfig(String context, Path file) {
        io.fabric8.kubernetes.client.Config config = io.fabric8.kubernetes.client.Config.empty();
        KubeConfigUtils.merge(config, context, of(file));
        return config;
    }
}
