package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.render.OlmInstallPlanRbac;
import dev.bundlectl.render.RenderedObject;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * What OLM v0's catalog operator leaves in a namespace once a Subscription installed a bundle, made
 * by hand on a {@link RealOlm}'s server: the catalog operator needs catalog pods, which this cluster
 * cannot run, so it is not started, and this writes what it would have written, as it writes it:
 * creates and updates (no apply), from a client whose user agent is the catalog operator's, so that
 * the API server names their field manager {@value #CATALOG_MANAGER} as it names OLM's.
 * <ul>
 *   <li>the namespace's OperatorGroup (a person's, not the catalog operator's), OwnNamespace;</li>
 *   <li>the Subscription ({@code spec.name} the package, channel and CatalogSource) and its status:
 *       {@code installedCSV}, {@code currentCSV}, {@code state: AtLatestKnown}, {@code installPlanRef};</li>
 *   <li>the InstallPlan, owned by the Subscription, {@code Complete}, its steps in OLM's order (the
 *       CSV, the CRDs, the rest; a Secret's step kind {@code BundleSecret}), each manifest a
 *       reference to the unpacked bundle's ConfigMap as OLM writes it, and {@code bundleLookups}
 *       naming the bundle image;</li>
 *   <li>the CSV, labelled {@code olm.managed}, its {@code spec.replaces} as OLM's resolver set it;</li>
 *   <li>the bundle's objects: namespaced ones labelled {@code olm.managed} and owned (a
 *       non-blocking owner reference) by the CSV, cluster-scoped ones labelled;</li>
 *   <li>the RBAC OLM's resolver generates ({@code csv-render}'s {@link OlmInstallPlanRbac}, which
 *       makes what OLM's InstallPlan makes), with OLM's ServiceAccount (owned by the CSV,
 *       {@code olm.managed} only), OLM's owner references and labels on the rest and
 *       {@code olm.permissions.hash}, and names ending in another suffix than bundlectl's, as OLM's
 *       own digest does.</li>
 * </ul>
 * The real olm-operator then runs the CSV to {@code Succeeded} ({@link KubeletStandIn} marks its
 * Deployment rolled out), or, {@linkplain Builder#stalled() stalled}, to {@code Failed}. The
 * bundle's objects of APIs the server does not serve are left out, as the catalog operator could
 * not have written them. Variants of the Subscription (an upgrade under way, a dependency's,
 * {@code spec.config}) are the refusals' setups.
 */
public final class OlmShapedInstall {

    /** The field manager of OLM's catalog operator: its binary is {@code catalog}. */
    public static final String CATALOG_MANAGER = "catalog";

    /** OLM's Subscriptions, for the generic client. */
    public static final ResourceDefinitionContext SUBSCRIPTIONS = context("Subscription", "subscriptions", "v1alpha1");
    /** OLM's InstallPlans, for the generic client. */
    public static final ResourceDefinitionContext INSTALL_PLANS = context("InstallPlan", "installplans", "v1alpha1");
    /** OLM's CSVs, for the generic client. */
    public static final ResourceDefinitionContext CSVS = context("ClusterServiceVersion", "clusterserviceversions",
            "v1alpha1");
    /** OLM's CatalogSources, for the generic client. */
    public static final ResourceDefinitionContext CATALOG_SOURCES = context("CatalogSource", "catalogsources",
            "v1alpha1");

    private static final ResourceDefinitionContext OPERATOR_GROUPS = context("OperatorGroup", "operatorgroups", "v1");
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private OlmShapedInstall() {
    }

    /** An OLM-shaped install of the bundle in {@code bundle} into {@code namespace} of {@code olm}'s server. */
    public static Builder of(RealOlm olm, String namespace, Path bundle) {
        return new Builder(olm, namespace, bundle);
    }

    /**
     * One object the InstallPlan wrote for the CSV.
     *
     * @param apiVersion its API version
     * @param kind its kind
     * @param namespace its namespace, or null when cluster-scoped
     * @param name its name
     */
    public record Written(String apiVersion, String kind, String namespace, String name) {
    }

    /**
     * What was set up.
     *
     * @param namespace the namespace
     * @param packageName the bundle's package
     * @param subscription the Subscription's name
     * @param csv the CSV's name
     * @param installPlan the InstallPlan's name
     * @param objects every object the InstallPlan wrote for the CSV, the CSV first
     */
    public record Installed(String namespace, String packageName, String subscription, String csv, String installPlan,
            List<Written> objects) {

        /** The objects of one kind, by name. */
        public List<String> named(String kind) {
            return objects.stream().filter(object -> object.kind().equals(kind)).map(Written::name).toList();
        }
    }

    /** How the install is made; {@link #install()} makes it. */
    public static final class Builder {

        private final RealOlm olm;
        private final KubernetesClient client;
        private final KubernetesClient catalogOperator;
        private final String namespace;
        private final Path bundleDirectory;
        private String channel = "stable";
        private String catalogSource = "adopt-catalog";
        private String catalogSourceNamespace = RealOlm.NAMESPACE;
        private String bundleImage = "quay.io/bundlectl-samples/unpulled-bundle:v0";
        private String replaces;
        private String upgradingTo;
        private String dependencyOf;
        private boolean configured;
        private boolean stalled;

        private Builder(RealOlm olm, String namespace, Path bundle) {
            this.olm = olm;
            this.client = olm.server().client();
            // The API server names the field manager of a create or update after the user agent, up to
            // its first slash, as it names the catalog operator's.
            this.catalogOperator = new KubernetesClientBuilder().withConfig(new ConfigBuilder(olm.server().config())
                    .withUserAgent(CATALOG_MANAGER + "/v0.46.0 (linux/amd64) kubernetes/992bb09").build()).build();
            this.namespace = namespace;
            this.bundleDirectory = bundle;
        }

        /** The Subscription's channel. */
        public Builder channel(String value) {
            this.channel = value;
            return this;
        }

        /** The bundle image the InstallPlan's {@code bundleLookups} name. */
        public Builder bundleImage(String value) {
            this.bundleImage = value;
            return this;
        }

        /** The CSV OLM's resolver wrote into {@code spec.replaces} (the one installed before). */
        public Builder replaces(String value) {
            this.replaces = value;
            return this;
        }

        /**
         * An upgrade under way: the Subscription's {@code currentCSV} is {@code csv}, its state
         * {@code UpgradePending}, and a second InstallPlan for it waits for approval.
         */
        public Builder upgradingTo(String csv) {
            this.upgradingTo = csv;
            return this;
        }

        /**
         * A dependency: the Subscription is the one OLM's resolver generates for another Subscription
         * named {@code dependent} (created too, bare), named after package, channel and catalog,
         * annotated {@code olm.generated-by} with the InstallPlan, which is owned by the dependent's
         * Subscription and lists both CSVs.
         */
        public Builder dependencyOf(String dependent) {
            this.dependencyOf = dependent;
            return this;
        }

        /** The Subscription sets {@code spec.config} (an environment variable), which OLM injects. */
        public Builder configured() {
            this.configured = true;
            return this;
        }

        /** The operator's Deployment never becomes available: OLM fails the CSV ({@code InstallCheckFailed}). */
        public Builder stalled() {
            this.stalled = true;
            return this;
        }

        /**
         * Writes it all, and waits for OLM to run the CSV to {@code Succeeded} (or {@code Failed},
         * stalled). A builder installs once.
         */
        public Installed install() {
            try {
                return written();
            } finally {
                catalogOperator.close();
            }
        }

        private Installed written() {
            Bundle bundle = new BundleReader().read(bundleDirectory).bundle().orElseThrow(() ->
                    new IllegalArgumentException(bundleDirectory + " is not a bundle"));
            String packageName = bundle.packageName();
            Manifest csvManifest = bundle.csv();
            String csvName = csvManifest.name();
            String subscriptionName = dependencyOf == null ? packageName
                    : String.join("-", packageName, channel, catalogSource, catalogSourceNamespace);
            operatorGroup();
            List<Manifest> crds = new ArrayList<>();
            List<Manifest> others = new ArrayList<>();
            for (Manifest manifest : bundle.manifests()) {
                if (manifest == csvManifest || !served(manifest.apiVersion(), manifest.kind())) {
                    continue;
                }
                (manifest.groupKind().isCrd() ? crds : others).add(manifest);
            }
            crds.forEach(crd -> create(crd.body().deepCopy(), null));
            crds.forEach(crd -> established(crd.name()));
            Set<String> shipped = others.stream().filter(manifest -> manifest.kind().equals("ServiceAccount"))
                    .map(Manifest::name).collect(Collectors.toSet());
            List<ObjectNode> generated = generatedRbac(csvManifest, shipped);
            // RBAC before the CSV: this olm-operator checks a CSV's requirements when it appears, and
            // not again until its resync; the owner references OLM sets follow once the CSV has a uid.
            List<ObjectNode> written = new ArrayList<>();
            for (ObjectNode object : generated) {
                written.add(create(object, isNamespaced(object) ? namespace : null));
            }
            for (Manifest manifest : others) {
                ObjectNode object = manifest.body().deepCopy();
                labels(object).put(OlmInstallPlanRbac.MANAGED, "true");
                written.add(create(object, isNamespaced(object) ? namespace : null));
            }
            ObjectNode csv = csvManifest.body().deepCopy();
            labels(csv).put(OlmInstallPlanRbac.MANAGED, "true");
            ObjectNode csvSpec = (ObjectNode) csv.path("spec");
            if (replaces != null) {
                csvSpec.put("replaces", replaces);
            } else {
                csvSpec.remove("replaces");
            }
            ObjectNode createdCsv = create(csv, namespace);
            String csvUid = createdCsv.path("metadata").path("uid").asText();
            for (ObjectNode object : written) {
                if (isNamespaced(object)) {
                    ownedByCsv(object, csvName, csvUid);
                }
            }
            GenericKubernetesResource subscription = subscription(packageName, subscriptionName, csvName);
            GenericKubernetesResource plan = installPlan(subscription, dependencyOf == null ? List.of(csvName)
                    : List.of(dependencyOf + ".v1.0.0", csvName), steps(csvName, crds, others, generated));
            subscriptionStatus(subscription, plan, csvName);
            if (upgradingTo != null) {
                GenericKubernetesResource next = installPlan(subscription, List.of(upgradingTo), List.of());
                planStatus(next, "RequiresApproval", List.of(), List.of());
                upgrade(subscription, next);
            }
            run(csvName);
            List<Written> objects = new ArrayList<>();
            objects.add(new Written(csvManifest.apiVersion(), csvManifest.kind(), namespace, csvName));
            crds.forEach(crd -> objects.add(new Written(crd.apiVersion(), crd.kind(), null, crd.name())));
            for (ObjectNode object : written) {
                objects.add(new Written(object.path("apiVersion").asText(), object.path("kind").asText(),
                        object.path("metadata").path("namespace").asText(null), object.path("metadata").path("name")
                                .asText()));
            }
            return new Installed(namespace, packageName, subscriptionName, csvName,
                    plan.getMetadata().getName(), objects);
        }

        private void operatorGroup() {
            if (!client.genericKubernetesResources(OPERATOR_GROUPS).inNamespace(namespace).list().getItems().isEmpty()) {
                return;
            }
            ObjectNode group = object("operators.coreos.com/v1", "OperatorGroup", namespace);
            ((ObjectNode) group.path("metadata")).put("name", namespace);
            group.putObject("spec").putArray("targetNamespaces").add(namespace);
            client.resource(generic(group)).create();
        }

        /** OLM's generated RBAC, from bundlectl's rendering of it, with OLM's labels, owners and suffixes. */
        private List<ObjectNode> generatedRbac(Manifest csv, Set<String> shipped) {
            List<ObjectNode> objects = new ArrayList<>();
            Map<String, String> names = new LinkedHashMap<>();
            for (RenderedObject rendered : OlmInstallPlanRbac.of(csv, namespace, shipped)) {
                ObjectNode body = rendered.body().deepCopy();
                String kind = body.path("kind").asText();
                ObjectNode metadata = (ObjectNode) body.path("metadata");
                if (kind.equals("ServiceAccount")) {
                    // OLM's resolver gives its ServiceAccount an owner reference, and the plan OLM's label only.
                    metadata.remove("labels");
                    labels(body).put(OlmInstallPlanRbac.MANAGED, "true");
                } else {
                    String name = metadata.path("name").asText();
                    String olmName = names.computeIfAbsent(name, OlmShapedInstall::olmSuffix);
                    metadata.put("name", olmName);
                    labels(body).put("olm.permissions.hash", "fixture" + Math.abs(body.path("rules").toString()
                            .hashCode() % 100000));
                    if (body.path("roleRef").isObject()) {
                        ObjectNode roleRef = (ObjectNode) body.path("roleRef");
                        roleRef.put("name", names.getOrDefault(roleRef.path("name").asText(),
                                roleRef.path("name").asText()));
                    }
                }
                objects.add(body);
            }
            return objects;
        }

        private List<ObjectNode> steps(String csvName, List<Manifest> crds, List<Manifest> others,
                List<ObjectNode> generated) {
            List<ObjectNode> steps = new ArrayList<>();
            steps.add(step(csvName, "operators.coreos.com", "v1alpha1", "ClusterServiceVersion", csvName));
            for (Manifest crd : crds) {
                steps.add(step(csvName, crd.group(), crd.version(), crd.kind(), crd.name()));
            }
            List<JsonNode> rest = new ArrayList<>(generated);
            others.forEach(manifest -> rest.add(manifest.body()));
            for (JsonNode object : rest) {
                String apiVersion = object.path("apiVersion").asText();
                int slash = apiVersion.indexOf('/');
                String kind = object.path("kind").asText();
                steps.add(step(csvName, slash < 0 ? "" : apiVersion.substring(0, slash),
                        slash < 0 ? apiVersion : apiVersion.substring(slash + 1),
                        kind.equals("Secret") ? "BundleSecret" : kind, object.path("metadata").path("name").asText()));
            }
            if (dependencyOf != null) {
                steps.add(step(csvName, "operators.coreos.com", "v1alpha1", "Subscription", String.join("-",
                        bundlePackage(), channel, catalogSource, catalogSourceNamespace)));
            }
            return steps;
        }

        private String bundlePackage() {
            return new BundleReader().read(bundleDirectory).bundle().orElseThrow().packageName();
        }

        private ObjectNode step(String resolving, String group, String version, String kind, String name) {
            ObjectNode step = JSON.objectNode().put("resolving", resolving).put("status", "Created");
            ObjectNode reference = JSON.objectNode().put("kind", "ConfigMap").put("namespace", catalogSourceNamespace)
                    .put("name", "unpacked-" + Integer.toHexString(resolving.hashCode()))
                    .put("catalogSourceName", catalogSource).put("catalogSourceNamespace", catalogSourceNamespace)
                    .put("replaces", replaces == null ? "" : replaces);
            step.putObject("resource").put("group", group).put("version", version).put("kind", kind).put("name", name)
                    .put("sourceName", catalogSource).put("sourceNamespace", catalogSourceNamespace)
                    .put("manifest", reference.toString());
            return step;
        }

        private GenericKubernetesResource subscription(String packageName, String name, String csvName) {
            if (dependencyOf != null) {
                GenericKubernetesResource dependent = client.resource(generic(subscriptionBody(dependencyOf,
                        dependencyOf, null))).create();
                updateStatus(SUBSCRIPTIONS, dependent, status -> status.put("installedCSV", dependencyOf + ".v1.0.0")
                        .put("currentCSV", dependencyOf + ".v1.0.0").put("state", "AtLatestKnown")
                        .put("lastUpdated", now()));
            }
            ObjectNode body = subscriptionBody(name, packageName, dependencyOf == null ? null : csvName);
            if (configured) {
                ((ObjectNode) body.path("spec")).putObject("config").putArray("env").addObject()
                        .put("name", "LOG_LEVEL").put("value", "debug");
            }
            // A person creates a Subscription; OLM's catalog operator creates a dependency's.
            return (dependencyOf == null ? client : catalogOperator).resource(generic(body)).create();
        }

        private ObjectNode subscriptionBody(String name, String packageName, String startingCsv) {
            ObjectNode body = object("operators.coreos.com/v1alpha1", "Subscription", namespace);
            ((ObjectNode) body.path("metadata")).put("name", name);
            ObjectNode spec = body.putObject("spec").put("name", packageName).put("channel", channel)
                    .put("source", catalogSource).put("sourceNamespace", catalogSourceNamespace)
                    .put("installPlanApproval", "Automatic");
            if (startingCsv != null) {
                spec.put("startingCSV", startingCsv);
            }
            return body;
        }

        private GenericKubernetesResource installPlan(GenericKubernetesResource subscription, List<String> csvNames,
                List<ObjectNode> steps) {
            ObjectNode body = object("operators.coreos.com/v1alpha1", "InstallPlan", namespace);
            ObjectNode metadata = (ObjectNode) body.path("metadata");
            metadata.put("generateName", "install-");
            GenericKubernetesResource owner = dependencyOf == null ? subscription
                    : client.genericKubernetesResources(SUBSCRIPTIONS).inNamespace(namespace).withName(dependencyOf).get();
            metadata.putArray("ownerReferences").addObject().put("apiVersion", "operators.coreos.com/v1alpha1")
                    .put("kind", "Subscription").put("name", owner.getMetadata().getName())
                    .put("uid", owner.getMetadata().getUid()).put("blockOwnerDeletion", false).put("controller", false);
            ArrayNode names = body.putObject("spec").put("approval", "Automatic").put("approved", true)
                    .putArray("clusterServiceVersionNames");
            csvNames.forEach(names::add);
            GenericKubernetesResource plan = catalogOperator.resource(generic(body)).create();
            if (!steps.isEmpty()) {
                ObjectNode lookup = JSON.objectNode().put("path", bundleImage).put("identifier", csvNames.get(
                        csvNames.size() - 1)).put("replaces", replaces == null ? "" : replaces);
                lookup.putObject("catalogSourceRef").put("name", catalogSource).put("namespace", catalogSourceNamespace);
                planStatus(plan, "Complete", steps, List.of(lookup));
                return client.genericKubernetesResources(INSTALL_PLANS).inNamespace(namespace)
                        .withName(plan.getMetadata().getName()).get();
            }
            return plan;
        }

        private void planStatus(GenericKubernetesResource plan, String phase, List<ObjectNode> steps,
                List<ObjectNode> lookups) {
            GenericKubernetesResource current = client.genericKubernetesResources(INSTALL_PLANS).inNamespace(namespace)
                    .withName(plan.getMetadata().getName()).get();
            updateStatus(INSTALL_PLANS, current, status -> {
                status.put("phase", phase).put("startTime", now());
                status.putArray("catalogSources").add(catalogSource);
                ArrayNode plannedSteps = status.putArray("plan");
                steps.forEach(plannedSteps::add);
                if (!lookups.isEmpty()) {
                    ArrayNode bundleLookups = status.putArray("bundleLookups");
                    lookups.forEach(bundleLookups::add);
                }
            });
        }

        private void subscriptionStatus(GenericKubernetesResource subscription, GenericKubernetesResource plan,
                String csvName) {
            GenericKubernetesResource current = client.genericKubernetesResources(SUBSCRIPTIONS).inNamespace(namespace)
                    .withName(subscription.getMetadata().getName()).get();
            updateStatus(SUBSCRIPTIONS, current, status -> {
                status.put("installedCSV", csvName).put("currentCSV", csvName).put("state", "AtLatestKnown")
                        .put("lastUpdated", now());
                status.putObject("installPlanRef").put("apiVersion", "operators.coreos.com/v1alpha1")
                        .put("kind", "InstallPlan").put("name", plan.getMetadata().getName())
                        .put("namespace", namespace).put("uid", plan.getMetadata().getUid());
                status.putObject("installplan").put("apiVersion", "operators.coreos.com/v1alpha1")
                        .put("kind", "InstallPlan").put("name", plan.getMetadata().getName())
                        .put("uuid", plan.getMetadata().getUid());
            });
        }

        private void upgrade(GenericKubernetesResource subscription, GenericKubernetesResource next) {
            GenericKubernetesResource current = client.genericKubernetesResources(SUBSCRIPTIONS).inNamespace(namespace)
                    .withName(subscription.getMetadata().getName()).get();
            updateStatus(SUBSCRIPTIONS, current, status -> {
                status.put("currentCSV", upgradingTo).put("state", "UpgradePending");
                ((ObjectNode) status.path("installPlanRef")).put("name", next.getMetadata().getName())
                        .put("uid", next.getMetadata().getUid());
            });
        }

        private void run(String csvName) {
            KubeletStandIn kubelet = KubeletStandIn.of(olm.server());
            if (stalled) {
                try (KubeletStandIn.Background stall = kubelet.startStalled(namespace, csvName)) {
                    olm.awaitCsvPhase(namespace, csvName, "Failed", TIMEOUT);
                }
                return;
            }
            try (KubeletStandIn.Background background = kubelet.start(namespace, csvName)) {
                olm.awaitCsvPhase(namespace, csvName, "Succeeded", TIMEOUT);
            }
        }

        /**
         * Creates the object as the catalog operator does, or, when it exists (another InstallPlan
         * wrote it: a CRD or ClusterRole two Subscriptions share), updates it over what is there, as
         * OLM's step ensurer does.
         */
        private ObjectNode create(ObjectNode object, String inNamespace) {
            if (inNamespace != null) {
                ((ObjectNode) object.path("metadata")).put("namespace", inNamespace);
            }
            GenericKubernetesResource created;
            try {
                created = catalogOperator.resource(generic(object)).create();
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() != 409) {
                    throw e;
                }
                GenericKubernetesResource existing = catalogOperator.resource(generic(object)).get();
                ObjectNode update = object.deepCopy();
                ((ObjectNode) update.path("metadata")).put("resourceVersion",
                        existing.getMetadata().getResourceVersion());
                labels(update).setAll(client.getKubernetesSerialization().convertValue(
                        existing.getMetadata().getLabels() == null ? Map.of() : existing.getMetadata().getLabels(),
                        ObjectNode.class));
                created = catalogOperator.resource(generic(update)).update();
            }
            return client.getKubernetesSerialization().convertValue(created, ObjectNode.class);
        }

        /** OLM's non-blocking owner reference to the CSV, written as the catalog operator writes it: an update. */
        private void ownedByCsv(ObjectNode object, String csvName, String csvUid) {
            String kind = object.path("kind").asText();
            String apiVersion = object.path("apiVersion").asText();
            String name = object.path("metadata").path("name").asText();
            ResourceDefinitionContext type = contextOf(apiVersion, kind);
            GenericKubernetesResource current = client.genericKubernetesResources(type).inNamespace(namespace)
                    .withName(name).get();
            ObjectNode body = client.getKubernetesSerialization().convertValue(current, ObjectNode.class);
            ((ObjectNode) body.path("metadata")).putArray("ownerReferences").addObject()
                    .put("apiVersion", "operators.coreos.com/v1alpha1").put("kind", "ClusterServiceVersion")
                    .put("name", csvName).put("uid", csvUid).put("blockOwnerDeletion", false).put("controller", false);
            catalogOperator.genericKubernetesResources(type).inNamespace(namespace).resource(generic(body)).update();
        }

        private boolean isNamespaced(JsonNode object) {
            String apiVersion = object.path("apiVersion").asText();
            return client.getApiResources(apiVersion).getResources().stream()
                    .filter(resource -> resource.getKind().equals(object.path("kind").asText()))
                    .findFirst().map(resource -> Boolean.TRUE.equals(resource.getNamespaced())).orElse(true);
        }

        private boolean served(String apiVersion, String kind) {
            try {
                return client.getApiResources(apiVersion) != null && client.getApiResources(apiVersion).getResources()
                        .stream().anyMatch(resource -> resource.getKind().equals(kind));
            } catch (RuntimeException notServed) {
                return false;
            }
        }

        private ResourceDefinitionContext contextOf(String apiVersion, String kind) {
            int slash = apiVersion.indexOf('/');
            String plural = client.getApiResources(apiVersion).getResources().stream()
                    .filter(resource -> resource.getKind().equals(kind)).findFirst().orElseThrow().getName();
            return new ResourceDefinitionContext.Builder().withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
                    .withVersion(slash < 0 ? apiVersion : apiVersion.substring(slash + 1)).withKind(kind)
                    .withPlural(plural).withNamespaced(true).build();
        }

        private void established(String crd) {
            client.apiextensions().v1().customResourceDefinitions().withName(crd).waitUntilCondition(
                    // A CRD just created may have a status without conditions yet.
                    (CustomResourceDefinition found) -> found != null && found.getStatus() != null
                            && found.getStatus().getConditions() != null && found.getStatus().getConditions().stream().anyMatch(condition ->
                                    "Established".equals(condition.getType()) && "True".equals(condition.getStatus())),
                    TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }

        /**
         * Writes {@code object}'s status, as {@code fill} makes it from the one it has, as the catalog
         * operator; read again and written again when someone wrote the object meanwhile (OLM's
         * olm-operator labels Subscriptions as it finds them).
         */
        private void updateStatus(ResourceDefinitionContext type, GenericKubernetesResource object,
                java.util.function.Consumer<ObjectNode> fill) {
            GenericKubernetesResource current = object;
            for (int attempt = 1;; attempt++) {
                Object existing = current.getAdditionalProperties().get("status");
                ObjectNode status = existing == null ? JSON.objectNode()
                        : client.getKubernetesSerialization().convertValue(existing, ObjectNode.class);
                fill.accept(status);
                current.getAdditionalProperties().put("status", client.getKubernetesSerialization().convertValue(status,
                        Map.class));
                try {
                    catalogOperator.genericKubernetesResources(type).inNamespace(namespace).resource(current)
                            .updateStatus();
                    return;
                } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                    if (e.getCode() != 409 || attempt == 5) {
                        throw e;
                    }
                    current = client.genericKubernetesResources(type).inNamespace(namespace)
                            .withName(object.getMetadata().getName()).get();
                }
            }
        }

        private GenericKubernetesResource generic(JsonNode object) {
            return client.getKubernetesSerialization().convertValue(object, GenericKubernetesResource.class);
        }

        private ObjectNode object(String apiVersion, String kind, String inNamespace) {
            ObjectNode object = JSON.objectNode().put("apiVersion", apiVersion).put("kind", kind);
            object.putObject("metadata").put("namespace", inNamespace);
            return object;
        }
    }

    private static ObjectNode labels(ObjectNode object) {
        ObjectNode metadata = object.get("metadata") instanceof ObjectNode existing ? existing : object.putObject("metadata");
        return metadata.get("labels") instanceof ObjectNode labels ? labels : metadata.putObject("labels");
    }

    /** OLM's name for a generated role: bundlectl's, with another suffix, as OLM's own digest gives. */
    private static String olmSuffix(String bundlectlName) {
        int dash = bundlectlName.lastIndexOf('-');
        String suffix = new StringBuilder(bundlectlName.substring(dash + 1)).reverse().toString();
        return bundlectlName.substring(0, dash + 1) + (suffix.equals(bundlectlName.substring(dash + 1)) ? suffix + "x"
                : suffix);
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static ResourceDefinitionContext context(String kind, String plural, String version) {
        return new ResourceDefinitionContext.Builder().withGroup("operators.coreos.com").withVersion(version)
                .withKind(kind).withPlural(plural).withNamespaced(true).build();
    }
}
