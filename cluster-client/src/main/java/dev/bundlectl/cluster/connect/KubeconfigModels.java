package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import io.fabric8.kubernetes.client.utils.Utils;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /**
     * The client configuration {@code Config.autoConfigure(context)} makes from the kubeconfig
     * files it finds ({@code KUBECONFIG}, else {@code ~/.kube/config}), as it makes it: an empty
     * configuration, fabric8's merge of the files' models, then fabric8's own environment variables
     * and system properties over them. Empty when fabric8 would read no kubeconfig file (none
     * exists, or {@code kubernetes.auth.tryKubeConfig} is false): the in-cluster configuration is
     * then fabric8's to make.
     */
    Optional<io.fabric8.kubernetes.client.Config> autoConfig(String context) {
        if (!Utils.getSystemPropertyOrEnvVar(io.fabric8.kubernetes.client.Config.KUBERNETES_AUTH_TRYKUBECONFIG_SYSTEM_PROPERTY,
                true)) {
            return Optional.empty();
        }
        List<io.fabric8.kubernetes.api.model.Config> models = new ArrayList<>();
        for (String name : io.fabric8.kubernetes.client.Config.getKubeconfigFilenames()) {
            Path file = Path.of(name);
            // fabric8 takes the files that exist and hold something.
            if (holdsSomething(file)) {
                models.add(of(file));
            }
        }
        if (models.isEmpty()) {
            return Optional.empty();
        }
        io.fabric8.kubernetes.client.Config config = io.fabric8.kubernetes.client.Config.empty();
        KubeConfigUtils.merge(config, context, models.toArray(io.fabric8.kubernetes.api.model.Config[]::new));
        io.fabric8.kubernetes.client.Config.configFromSysPropsOrEnvVars(config);
        config.setAutoConfigure(true);
        return Optional.of(config);
    }

    private static boolean holdsSomething(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException unreadable) {
            return false;
        }
    }
}
