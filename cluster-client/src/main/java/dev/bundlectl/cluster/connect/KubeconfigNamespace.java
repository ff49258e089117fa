package dev.bundlectl.cluster.connect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.FileBytes;
import dev.bundlectl.bundle.yaml.JsonTrees;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The namespace of the kubeconfig's current context, for a command that never connects: the
 * namespace fabric8's {@code Config.autoConfigure(null)} would set, read without fabric8.
 *
 * <p><b>Why not fabric8.</b> Its configuration binds every kubeconfig file to its model with
 * Jackson, registers the whole resource model first, and runs the current user's credential plugin;
 * an offline {@code plan} with a kubeconfig present spent half a second there (bench/README.md,
 * issue 38) for one string.
 *
 * <p><b>fabric8's rules, the namespace's part of them.</b> The files are the system property
 * {@code kubeconfig}, else {@code KUBECONFIG}, else {@code ~/.kube/config}, split on the path
 * separator; those that are regular files with something in them count (unless
 * {@code kubernetes.auth.tryKubeConfig} is false). The context is the first of the files'
 * {@code current-context}s, in file order, that some file defines; a context defined in several
 * files is the first file's (within one file, its last definition). With no file, the in-cluster
 * namespace file ({@code kubenamespace}, else the service account's) is read. The property
 * {@code kubernetes.namespace} or {@code KUBERNETES_NAMESPACE} comes over either. Each file is
 * loaded as fabric8 loads it: JSON when its first character that is not white space opens an
 * object or array, otherwise YAML with fabric8's own loader and settings; and a scalar where a
 * name goes becomes its text, as Jackson's binding makes it.
 *
 * <p><b>Unreadable is empty.</b> Where fabric8 would fail (not YAML or JSON, not one mapping,
 * {@code contexts}, {@code clusters} or {@code users} not a list of mappings, a context's name,
 * cluster, user or namespace or a {@code current-context} that is not a scalar) the answer is empty, as it is for a file over 4 MiB. Two differences, both
 * on purpose: no credential plugin runs (fabric8 ran the current user's {@code exec} command, and a
 * missing one made its whole answer fail), and a mistyped field this reading does not look at (a
 * cluster's {@code insecure-skip-tls-verify: "yes"}) does not hide the namespace.
 * {@code KubeconfigNamespaceTest} compares the answers with fabric8's.
 */
public final class KubeconfigNamespace {

    /** The service account's namespace file, where fabric8 reads the in-cluster namespace. */
    private static final String SERVICE_ACCOUNT_NAMESPACE = "/var/run/secrets/kubernetes.io/serviceaccount/namespace";

    private final Map<String, String> environment;
    private final Properties properties;

    /**
     * @param environment the environment variables fabric8 would read
     * @param properties the system properties fabric8 would read
     */
    public KubeconfigNamespace(Map<String, String> environment, Properties properties) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.properties = Objects.requireNonNull(properties, "properties");
    }

    /** For this process's environment and system properties. */
    public static KubeconfigNamespace ofThisProcess() {
        return new KubeconfigNamespace(System.getenv(), System.getProperties());
    }

    /** The current context's namespace; empty when none is set or a kubeconfig cannot be read. */
    public Optional<String> read() {
        Optional<String> override = setting("kubernetes.namespace");
        if (override.isPresent()) {
            return override;
        }
        List<byte[]> files = new ArrayList<>();
        if (Boolean.parseBoolean(setting("kubernetes.auth.tryKubeConfig").orElse("true"))) {
            for (String name : setting("kubeconfig").orElseGet(this::homeKubeconfig).split(File.pathSeparator)) {
                FileBytes read = read(name);
                // fabric8 would read it whole; a connection refuses it (KubeconfigFiles), and so does this.
                if (read instanceof FileBytes.TooLarge) {
                    return Optional.empty();
                }
                // fabric8 passes over a file that is missing, not regular, unreadable or empty.
                if (read instanceof FileBytes.Content content && content.bytes().length > 0) {
                    files.add(content.bytes());
                }
            }
        }
        try {
            return files.isEmpty() ? inCluster() : fromFiles(files);
        } catch (Unreadable unreadable) {
            return Optional.empty();
        }
    }

    private static FileBytes read(String name) {
        try {
            return FileBytes.read(Path.of(name), PlainKubeconfigReader.MAX_BYTES);
        } catch (InvalidPathException notAFile) {
            return new FileBytes.Unreadable(notAFile);
        }
    }

    private Optional<String> inCluster() {
        if (!Boolean.parseBoolean(setting("kubernetes.tryNamespacePath").orElse("true"))) {
            return Optional.empty();
        }
        try {
            Path file = Path.of(setting("kubenamespace").orElse(SERVICE_ACCOUNT_NAMESPACE));
            return Files.isRegularFile(file)
                    ? Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)
                            .replace(System.lineSeparator(), ""))
                    : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static Optional<String> fromFiles(List<byte[]> files) {
        List<Map<?, ?>> documents = new ArrayList<>();
        for (byte[] file : files) {
            documents.add(document(file));
        }
        // Later files first, so that an earlier file's context of the same name replaces it.
        Map<String, Map<?, ?>> contexts = new HashMap<>();
        for (int i = documents.size() - 1; i >= 0; i--) {
            for (Map<?, ?> named : entries(documents.get(i), "contexts")) {
                String name = text(named.get("name"));
                Object context = named.get("context");
                if (context != null) {
                    contexts.put(name, context(context));
                }
            }
            // Read for their shape alone: fabric8's binding refuses an entry that is not a mapping.
            entries(documents.get(i), "clusters");
            entries(documents.get(i), "users");
        }
        // Each file's current context, in file order; every file's is read, as the binding reads it.
        List<String> preferred = new ArrayList<>();
        for (Map<?, ?> document : documents) {
            String current = text(document.get("current-context"));
            if (current != null && !current.isEmpty()) {
                preferred.add(current);
            }
        }
        for (String current : preferred) {
            if (contexts.containsKey(current)) {
                return Optional.ofNullable(text(contexts.get(current).get("namespace")));
            }
        }
        return Optional.empty();
    }

    // One document that is a mapping, as fabric8 binds it; documents that are empty do not count.
    private static Map<?, ?> document(byte[] file) {
        Object found = null;
        try {
            if (PlainKubeconfigReader.startsAsJson(file)) {
                found = plain(JsonTrees.read(new String(file, StandardCharsets.UTF_8)));
            } else {
                // fabric8's loader, with fabric8's settings: the same scalars and the same keys.
                Iterator<Object> documents = new Load(LoadSettings.builder().build())
                        .loadAllFromInputStream(new ByteArrayInputStream(file)).iterator();
                while (documents.hasNext()) {
                    Object document = documents.next();
                    if (document != null && found != null) {
                        throw Unreadable.INSTANCE;
                    }
                    found = document != null ? document : found;
                }
            }
        } catch (IOException | RuntimeException notYamlOrJson) {
            throw Unreadable.INSTANCE;
        }
        return mapping(found);
    }

    // A JSON tree as the maps, lists and scalars the YAML loader gives.
    private static Object plain(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(field -> map.put(field.getKey(), plain(field.getValue())));
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(item -> list.add(plain(item)));
            return list;
        }
        return node.isNull() || node.isMissingNode() ? null : node.isTextual() ? node.textValue() : node.asText();
    }

    // The mappings of a list such as contexts: Jackson's binding refuses anything else.
    private static List<Map<?, ?>> entries(Map<?, ?> document, String key) {
        Object value = document.get(key);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> items)) {
            throw Unreadable.INSTANCE;
        }
        List<Map<?, ?>> entries = new ArrayList<>();
        for (Object item : items) {
            entries.add(mapping(item));
        }
        return entries;
    }

    // A context's strings, as Jackson's binding checks each of them.
    private static Map<?, ?> context(Object value) {
        Map<?, ?> context = mapping(value);
        for (String field : List.of("cluster", "user", "namespace")) {
            text(context.get(field));
        }
        return context;
    }

    private static Map<?, ?> mapping(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map;
        }
        throw Unreadable.INSTANCE;
    }

    // A scalar as Jackson's binding makes it into a string field.
    private static String text(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        throw Unreadable.INSTANCE;
    }

    // fabric8's rule: a system property, else its environment variable, either only when not empty.
    private Optional<String> setting(String property) {
        String value = properties.getProperty(property);
        if (value == null || value.isEmpty()) {
            value = environment.get(property.toUpperCase(Locale.ROOT).replaceAll("[.-]", "_"));
        }
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    // fabric8's home: HOME when it names a directory, else user.home.
    private String homeKubeconfig() {
        String home = environment.get("HOME");
        if (home == null || home.isEmpty() || !Files.isDirectory(Path.of(home))) {
            home = properties.getProperty("user.home", ".");
        }
        return new File(home, ".kube" + File.separator + "config").toString();
    }

    /** A kubeconfig fabric8 would fail to read. */
    private static final class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Unreadable INSTANCE = new Unreadable();

        private Unreadable() {
            super(null, null, false, false);
        }
    }
}
