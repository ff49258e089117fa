package dev.bundlectl.bench.install;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes a registry+v1 bundle of a chosen size for the install benchmark: one CSV, two CRDs, and
 * the rest core objects cycling through ConfigMap, Secret, Service, ServiceAccount, Role and
 * RoleBinding (the kinds a real bundle ships besides its CSV and CRDs).
 *
 * <p>The kinds are interleaved rather than grouped, so the first window of concurrent steps
 * already meets both group/versions of the rest ({@code v1} and {@code rbac.authorization.k8s.io/v1}),
 * as most real bundles with mixed file names do. The bundle carries no custom resources: the
 * mock cluster's discovery serves only built-in kinds.
 */
public final class SyntheticBundle {

    /** The CSV's name. */
    public static final String CSV_NAME = "latency-bench-operator.v1.0.0";
    /** The package name in {@code metadata/annotations.yaml}. */
    public static final String PACKAGE = "latency-bench-operator";
    /** The two CRDs' group. */
    public static final String CRD_GROUP = "bench.bundlectl.dev";
    /** CSV and CRDs: the objects every bundle of this benchmark has besides the core ones. */
    public static final int FOUNDATION_OBJECTS = 3;

    private static final List<String> CORE_KINDS =
            List.of("ConfigMap", "Secret", "Service", "ServiceAccount", "Role", "RoleBinding");

    private final ObjectMapper yaml = Mappers.yaml();
    private final JsonNodeFactory nodes = JsonNodeFactory.instance;

    /**
     * Writes the bundle into {@code root} ({@code manifests/} and {@code metadata/} are created).
     *
     * @param root an empty or missing directory
     * @param objects how many objects in all, at least {@link #FOUNDATION_OBJECTS}
     * @return {@code root}
     * @throws IllegalArgumentException when {@code objects} is too small
     * @throws IOException when a file cannot be written
     */
    public Path write(Path root, int objects) throws IOException {
        if (objects < FOUNDATION_OBJECTS) {
            throw new IllegalArgumentException("a benchmark bundle needs at least " + FOUNDATION_OBJECTS
                    + " objects (a CSV and two CRDs), not " + objects);
        }
        Path manifests = Files.createDirectories(root.resolve("manifests"));
        Path metadata = Files.createDirectories(root.resolve("metadata"));
        write(metadata.resolve("annotations.yaml"), annotations());
        write(manifests.resolve(PACKAGE + ".clusterserviceversion.yaml"), csv());
        write(manifests.resolve(CRD_GROUP + "_widgets.yaml"), crd("widgets", "Widget"));
        write(manifests.resolve(CRD_GROUP + "_gadgets.yaml"), crd("gadgets", "Gadget"));
        for (int i = 0; i < objects - FOUNDATION_OBJECTS; i++) {
            String kind = CORE_KINDS.get(i % CORE_KINDS.size());
            // Zero-padded so that the reader's name order is this generation order.
            write(manifests.resolve(String.format(Locale.ROOT, "%03d-%s.yaml", i, coreName(kind, i))),
                    coreObject(kind, i));
        }
        return root;
    }

    private static String coreName(String kind, int index) {
        return String.format(Locale.ROOT, "bench-%s-%03d", kind.toLowerCase(Locale.ROOT), index);
    }

    private void write(Path file, ObjectNode document) throws IOException {
        Files.writeString(file, yaml.writeValueAsString(document));
    }

    private ObjectNode annotations() {
        ObjectNode root = nodes.objectNode();
        root.putObject("annotations")
                .put("operators.operatorframework.io.bundle.mediatype.v1", "registry+v1")
                .put("operators.operatorframework.io.bundle.manifests.v1", "manifests/")
                .put("operators.operatorframework.io.bundle.metadata.v1", "metadata/")
                .put("operators.operatorframework.io.bundle.package.v1", PACKAGE)
                .put("operators.operatorframework.io.bundle.channels.v1", "stable")
                .put("operators.operatorframework.io.bundle.channel.default.v1", "stable");
        return root;
    }

    private ObjectNode csv() {
        ObjectNode csv = object("operators.coreos.com/v1alpha1", "ClusterServiceVersion", CSV_NAME);
        ObjectNode spec = csv.putObject("spec");
        spec.put("displayName", "Latency bench operator").put("version", "1.0.0");
        ArrayNode modes = spec.putArray("installModes");
        for (String mode : new String[] {"OwnNamespace", "SingleNamespace", "MultiNamespace", "AllNamespaces"}) {
            modes.addObject().put("type", mode).put("supported", !"MultiNamespace".equals(mode));
        }
        ArrayNode owned = spec.putObject("customresourcedefinitions").putArray("owned");
        owned.addObject().put("name", "widgets." + CRD_GROUP).put("version", "v1").put("kind", "Widget");
        owned.addObject().put("name", "gadgets." + CRD_GROUP).put("version", "v1").put("kind", "Gadget");
        ObjectNode install = spec.putObject("install");
        install.put("strategy", "deployment");
        ObjectNode deployment = install.putObject("spec").putArray("deployments").addObject();
        deployment.put("name", PACKAGE);
        ObjectNode deploymentSpec = deployment.putObject("spec");
        deploymentSpec.put("replicas", 1);
        deploymentSpec.putObject("selector").putObject("matchLabels").put("app", PACKAGE);
        ObjectNode template = deploymentSpec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", PACKAGE);
        ObjectNode podSpec = template.putObject("spec");
        podSpec.put("serviceAccountName", coreName("ServiceAccount", 3));
        podSpec.putArray("containers").addObject().put("name", "manager")
                .put("image", "quay.io/bundlectl-samples/latency-bench-operator:v1.0.0");
        return csv;
    }

    private ObjectNode crd(String plural, String kind) {
        ObjectNode crd = object("apiextensions.k8s.io/v1", "CustomResourceDefinition", plural + "." + CRD_GROUP);
        ObjectNode spec = crd.putObject("spec");
        spec.put("group", CRD_GROUP).put("scope", "Namespaced");
        spec.putObject("names").put("kind", kind).put("listKind", kind + "List").put("plural", plural)
                .put("singular", kind.toLowerCase(Locale.ROOT));
        ObjectNode version = spec.putArray("versions").addObject().put("name", "v1").put("served", true)
                .put("storage", true);
        version.putObject("subresources").putObject("status");
        ObjectNode schema = version.putObject("schema").putObject("openAPIV3Schema").put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("spec").put("type", "object").putObject("properties")
                .putObject("size").put("type", "integer").put("minimum", 1);
        properties.putObject("status").put("type", "object").put("x-kubernetes-preserve-unknown-fields", true);
        return crd;
    }

    private ObjectNode coreObject(String kind, int index) {
        String name = coreName(kind, index);
        switch (kind) {
            case "ConfigMap": {
                ObjectNode configMap = object("v1", kind, name);
                configMap.putObject("data").put("log-level", "info").put("cache-size", "128Mi")
                        .put("settings.yaml", "replicas: 3\nretention: 24h\nfeatures:\n  - metrics\n  - backups\n");
                return configMap;
            }
            case "Secret": {
                ObjectNode secret = object("v1", kind, name);
                secret.put("type", "Opaque");
                secret.putObject("stringData").put("token", "not-a-real-token-" + name);
                return secret;
            }
            case "Service": {
                ObjectNode service = object("v1", kind, name);
                ObjectNode spec = service.putObject("spec");
                spec.putObject("selector").put("app", PACKAGE);
                spec.putArray("ports").addObject().put("name", "https").put("port", 8443).put("targetPort", 8443);
                return service;
            }
            case "ServiceAccount":
                return object("v1", kind, name);
            case "Role": {
                ObjectNode role = object("rbac.authorization.k8s.io/v1", kind, name);
                ObjectNode rule = role.putArray("rules").addObject();
                rule.putArray("apiGroups").add("");
                rule.putArray("resources").add("configmaps").add("secrets");
                rule.putArray("verbs").add("get").add("list").add("watch");
                return role;
            }
            case "RoleBinding": {
                ObjectNode binding = object("rbac.authorization.k8s.io/v1", kind, name);
                binding.putObject("roleRef").put("apiGroup", "rbac.authorization.k8s.io").put("kind", "Role")
                        .put("name", coreName("Role", index - 1));
                binding.putArray("subjects").addObject().put("kind", "ServiceAccount")
                        .put("name", coreName("ServiceAccount", index - 2));
                return binding;
            }
            default:
                throw new IllegalStateException("no template for " + kind);
        }
    }

    private ObjectNode object(String apiVersion, String kind, String name) {
        ObjectNode object = nodes.objectNode();
        object.put("apiVersion", apiVersion).put("kind", kind);
        object.putObject("metadata").put("name", name).putObject("labels").put("app.kubernetes.io/part-of", PACKAGE);
        return object;
    }
}
