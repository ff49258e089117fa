package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.Config;
import io.fabric8.kubernetes.api.model.Context;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.api.model.Preferences;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Builds fabric8's model of a kubeconfig file ({@link Config}) the way fabric8's own
 * {@code KubeConfigUtils.parseConfig(File)} does, for the kubeconfigs that hold only plain fields,
 * without Jackson's data binding.
 *
 * <p><b>Why.</b> fabric8 loads the YAML, then has Jackson bind it to its model. In a fresh process
 * that binding introspects a dozen model classes first: 0.15-0.2 s of CPU on the thread that sets
 * up the connection, the longest single cost before an install's first request (bench/README.md,
 * "Sixth pass"). This reader loads the YAML exactly as fabric8 does (snakeyaml-engine, the same
 * settings) and sets each field through the model's own setters, as the binding would.
 *
 * <p><b>Only where the answer is the same.</b> Every key must be one this reader knows, every
 * value a string, a boolean or a list of them where the model has those types, and the file one
 * document. Anything else (an {@code exec} or {@code auth-provider} user, {@code extensions}, a
 * number where a string goes, a second document, a file in JSON, which fabric8 gives to Jackson's
 * JSON parser rather than to its YAML loader, an unreadable file) is left to fabric8: the
 * reader answers empty and the caller asks fabric8, so that its conversions and its error messages
 * stay the ones users get. {@code PlainKubeconfigReaderTest} compares the two models, equal by
 * {@code equals}, over plain and unusual kubeconfigs.
 */
final class PlainKubeconfigReader {

    // fabric8's parseConfig(File) tags every named entry with the file it came from under these
    // keys; its merge resolves relative certificate and key paths against that file.
    static final String CONTEXT_FILE_KEY = "KUBERNETES_CONFIG_CONTEXT_FILE_KEY";
    static final String CLUSTER_FILE_KEY = "KUBERNETES_CONFIG_CLUSTER_FILE_KEY";
    static final String AUTH_INFO_FILE_KEY = "KUBERNETES_CONFIG_AUTH_INFO_FILE_KEY";

    private static final Set<String> CONFIG_KEYS =
            Set.of("apiVersion", "kind", "clusters", "contexts", "users", "current-context", "preferences");
    private static final Set<String> NAMED_CLUSTER_KEYS = Set.of("name", "cluster");
    private static final Set<String> CLUSTER_KEYS = Set.of("server", "certificate-authority",
            "certificate-authority-data", "insecure-skip-tls-verify", "tls-server-name", "proxy-url",
            "disable-compression");
    private static final Set<String> NAMED_CONTEXT_KEYS = Set.of("name", "context");
    private static final Set<String> CONTEXT_KEYS = Set.of("cluster", "user", "namespace");
    private static final Set<String> NAMED_USER_KEYS = Set.of("name", "user");
    private static final Set<String> USER_KEYS = Set.of("token", "tokenFile", "client-certificate",
            "client-certificate-data", "client-key", "client-key-data", "username", "password", "as", "as-uid",
            "as-groups");
    private static final Set<String> PREFERENCES_KEYS = Set.of("colors");

    // Larger than any kubeconfig a person or a tool writes; a larger file is left to fabric8 here,
    // and counts as unreadable for KubeconfigNamespace.
    static final long MAX_BYTES = 4L * 1024 * 1024;

    private PlainKubeconfigReader() {
    }

    /** The model of {@code file}, or empty when it is not plain and fabric8 must read it. */
    static Optional<Config> read(Path file) {
        Object document;
        try {
            if (Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            // One reading of the file, which both the JSON test and the loader look at.
            byte[] bytes = Files.readAllBytes(file);
            if (startsAsJson(bytes)) {
                return Optional.empty();
            }
            // fabric8's loader, with fabric8's settings: the same scalars and the same keys.
            Iterator<Object> documents = new Load(LoadSettings.builder().build())
                    .loadAllFromInputStream(new ByteArrayInputStream(bytes)).iterator();
            if (!documents.hasNext()) {
                return Optional.empty();
            }
            document = documents.next();
            if (documents.hasNext()) {
                return Optional.empty();
            }
        } catch (IOException | RuntimeException notForThisReader) {
            // fabric8 reads it again and reports what is wrong in its own words.
            return Optional.empty();
        }
        try {
            return Optional.of(config(Fields.of(document, CONFIG_KEYS), file.toFile()));
        } catch (NotPlain notPlain) {
            return Optional.empty();
        }
    }

    // fabric8 reads a file whose first character that is not white space opens a JSON object or
    // array as JSON, anything else as YAML.
    static boolean startsAsJson(byte[] bytes) {
        int next = 0;
        while (next < bytes.length && Character.isWhitespace(bytes[next] & 0xff)) {
            next++;
        }
        return next < bytes.length && (bytes[next] == '{' || bytes[next] == '[');
    }

    private static Config config(Fields fields, File file) {
        Config config = new Config();
        fields.text("apiVersion", config::setApiVersion);
        fields.text("kind", config::setKind);
        fields.text("current-context", config::setCurrentContext);
        fields.list("clusters", item -> namedCluster(Fields.of(item, NAMED_CLUSTER_KEYS), file), config::setClusters);
        fields.list("contexts", item -> namedContext(Fields.of(item, NAMED_CONTEXT_KEYS), file), config::setContexts);
        fields.list("users", item -> namedUser(Fields.of(item, NAMED_USER_KEYS), file), config::setUsers);
        fields.object("preferences", PREFERENCES_KEYS, PlainKubeconfigReader::preferences, config::setPreferences);
        return config;
    }

    private static NamedCluster namedCluster(Fields fields, File file) {
        NamedCluster named = new NamedCluster();
        fields.text("name", named::setName);
        fields.object("cluster", CLUSTER_KEYS, PlainKubeconfigReader::cluster, named::setCluster);
        named.setAdditionalProperty(CLUSTER_FILE_KEY, file);
        return named;
    }

    private static Cluster cluster(Fields fields) {
        Cluster cluster = new Cluster();
        fields.text("server", cluster::setServer);
        fields.text("certificate-authority", cluster::setCertificateAuthority);
        fields.text("certificate-authority-data", cluster::setCertificateAuthorityData);
        fields.bool("insecure-skip-tls-verify", cluster::setInsecureSkipTlsVerify);
        fields.text("tls-server-name", cluster::setTlsServerName);
        fields.text("proxy-url", cluster::setProxyUrl);
        fields.bool("disable-compression", cluster::setDisableCompression);
        return cluster;
    }

    private static NamedContext namedContext(Fields fields, File file) {
        NamedContext named = new NamedContext();
        fields.text("name", named::setName);
        fields.object("context", CONTEXT_KEYS, PlainKubeconfigReader::context, named::setContext);
        named.setAdditionalProperty(CONTEXT_FILE_KEY, file);
        return named;
    }

    private static Context context(Fields fields) {
        Context context = new Context();
        fields.text("cluster", context::setCluster);
        fields.text("user", context::setUser);
        fields.text("namespace", context::setNamespace);
        return context;
    }

    private static NamedAuthInfo namedUser(Fields fields, File file) {
        NamedAuthInfo named = new NamedAuthInfo();
        fields.text("name", named::setName);
        fields.object("user", USER_KEYS, PlainKubeconfigReader::user, named::setUser);
        named.setAdditionalProperty(AUTH_INFO_FILE_KEY, file);
        return named;
    }

    private static AuthInfo user(Fields fields) {
        AuthInfo user = new AuthInfo();
        fields.text("token", user::setToken);
        fields.text("tokenFile", user::setTokenFile);
        fields.text("client-certificate", user::setClientCertificate);
        fields.text("client-certificate-data", user::setClientCertificateData);
        fields.text("client-key", user::setClientKey);
        fields.text("client-key-data", user::setClientKeyData);
        fields.text("username", user::setUsername);
        fields.text("password", user::setPassword);
        fields.text("as", user::setAs);
        fields.text("as-uid", user::setAsUid);
        fields.list("as-groups", PlainKubeconfigReader::text, user::setAsGroups);
        return user;
    }

    private static Preferences preferences(Fields fields) {
        Preferences preferences = new Preferences();
        fields.bool("colors", preferences::setColors);
        return preferences;
    }

    private static String text(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw NotPlain.INSTANCE;
    }

    /**
     * One mapping of the document. A key that is present is set, null included, as Jackson's
     * binding sets it; an absent key leaves the model's default (its empty lists).
     */
    private record Fields(Map<?, ?> values) {

        static Fields of(Object node, Set<String> known) {
            if (!(node instanceof Map<?, ?> map)) {
                throw NotPlain.INSTANCE;
            }
            for (Object key : map.keySet()) {
                if (!(key instanceof String name) || !known.contains(name)) {
                    throw NotPlain.INSTANCE;
                }
            }
            return new Fields(map);
        }

        void text(String key, java.util.function.Consumer<String> setter) {
            if (values.containsKey(key)) {
                setter.accept(PlainKubeconfigReader.text(values.get(key)));
            }
        }

        void bool(String key, java.util.function.Consumer<Boolean> setter) {
            if (values.containsKey(key)) {
                Object value = values.get(key);
                if (value != null && !(value instanceof Boolean)) {
                    throw NotPlain.INSTANCE;
                }
                setter.accept((Boolean) value);
            }
        }

        <T> void list(String key, Function<Object, T> item, java.util.function.Consumer<List<T>> setter) {
            if (!values.containsKey(key)) {
                return;
            }
            Object value = values.get(key);
            if (value == null) {
                setter.accept(null);
                return;
            }
            if (!(value instanceof List<?> items)) {
                throw NotPlain.INSTANCE;
            }
            List<T> converted = new ArrayList<>(items.size());
            for (Object each : items) {
                if (each == null) {
                    // The binding keeps it, and fabric8's reading then fails on it: fabric8's error.
                    throw NotPlain.INSTANCE;
                }
                converted.add(item.apply(each));
            }
            setter.accept(converted);
        }

        <T> void object(String key, Set<String> known, Function<Fields, T> build, java.util.function.Consumer<T> setter) {
            if (!values.containsKey(key)) {
                return;
            }
            Object value = values.get(key);
            setter.accept(value == null ? null : build.apply(Fields.of(value, known)));
        }
    }

    /** The document holds something this reader leaves to fabric8. */
    private static final class NotPlain extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final NotPlain INSTANCE = new NotPlain();

        private NotPlain() {
            super(null, null, false, false);
        }
    }
}
