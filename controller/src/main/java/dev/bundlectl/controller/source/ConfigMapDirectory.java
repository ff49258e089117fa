package dev.bundlectl.controller.source;

import dev.bundlectl.controller.reconcile.ReconcileException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClientException;
import dev.bundlectl.cluster.connect.ClusterConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Files packed into one ConfigMap, for clusters that reach no registry (a bundle or a file-based
 * catalog, see {@link ConfigMapPacking}): each key is a file whose path has {@code /} written as
 * {@code __}, in {@code data} or, for bytes, {@code binaryData}. The files are written to a fresh
 * directory named by the ConfigMap's uid and resourceVersion, so an unchanged ConfigMap is unpacked
 * once and a changed one never mixes with its old files.
 */
public final class ConfigMapDirectory {

    private final ClusterConnection connection;
    private final Path cacheRoot;

    /**
     * @param connection the connection to read through, acting as the install's identity
     * @param cacheRoot where unpacked bundles are kept
     */
    public ConfigMapDirectory(ClusterConnection connection, Path cacheRoot) {
        this.connection = connection;
        this.cacheRoot = cacheRoot;
    }

    /**
     * The directory of ConfigMap {@code namespace/name}, packed as {@code packing} says.
     *
     * @throws ReconcileException when the ConfigMap is missing (retryable: it may be created) or holds
     *     something that is not packed that way (not retryable)
     */
    public Path unpack(String namespace, String name, ConfigMapPacking packing) {
        ConfigMap configMap = read(namespace, name);
        if (configMap == null) {
            throw new ReconcileException("ConfigMap " + namespace + "/" + name + " not found", true);
        }
        Map<String, byte[]> files = files(configMap, namespace + "/" + name, packing);
        Path target = cacheRoot.resolve(packing.cacheDirectory()).resolve(configMap.getMetadata().getUid() + "-"
                + configMap.getMetadata().getResourceVersion());
        if (Files.isDirectory(target)) {
            return target;
        }
        try {
            Files.createDirectories(target.getParent());
            Path staging = Files.createTempDirectory(target.getParent(), ".unpack-");
            try {
                for (Map.Entry<String, byte[]> file : files.entrySet()) {
                    Path path = staging.resolve(file.getKey().replace("__", "/"));
                    Files.createDirectories(path.getParent());
                    Files.write(path, file.getValue());
                }
                // Another worker may unpack the same ConfigMap; the first rename wins and both read the same files.
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isDirectory(target)) {
                    throw e;
                }
            } finally {
                deleteTree(staging);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack ConfigMap " + namespace + "/" + name + " under " + cacheRoot, e);
        }
    }

    private ConfigMap read(String namespace, String name) {
        try {
            return connection.client().configMaps().inNamespace(namespace).withName(name).get();
        } catch (KubernetesClientException e) {
            if (e.getCode() == 403) {
                // Reading the source is a request for the install, made as its account: the account may be granted it.
                throw new ReconcileException("ConfigMap " + namespace + "/" + name + ": "
                        + connection.identity().describe() + " may not read it (it needs get on configmaps \""
                        + name + "\" in namespace " + namespace + ")", true);
            }
            throw e;
        }
    }

    private static Map<String, byte[]> files(ConfigMap configMap, String where, ConfigMapPacking packing) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        if (configMap.getData() != null) {
            configMap.getData().forEach((key, value) -> files.put(packing.checked(key, where),
                    value.getBytes(StandardCharsets.UTF_8)));
        }
        if (configMap.getBinaryData() != null) {
            configMap.getBinaryData().forEach((key, value) -> files.put(packing.checked(key, where),
                    Base64.getDecoder().decode(value)));
        }
        packing.checkComplete(files.keySet(), where);
        return files;
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // A leftover staging directory is harmless: it is never read.
        }
    }
}
