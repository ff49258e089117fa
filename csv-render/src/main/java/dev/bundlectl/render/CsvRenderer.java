package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders a ClusterServiceVersion into the plain Kubernetes objects OLM would create from it, for
 * clusters without OLM: ServiceAccounts, RBAC scoped to the install mode, Deployments, and the
 * webhook Services and configurations with certificates from a named provider.
 *
 * <p>What cannot be rendered faithfully is refused with every reason, each naming the CSV field:
 * owned API services, an install mode the CSV does not support, webhooks without a certificate
 * provider, conversion webhooks outside AllNamespaces, malformed install strategies. A pure
 * function of its input: stateless and thread-safe; the given manifests are never changed.
 */
public final class CsvRenderer {

    /** How many webhooks a message names before it just counts the rest. */
    private static final int NAMED_WEBHOOKS = 3;

    /**
     * Renders a CSV.
     *
     * @param csv the ClusterServiceVersion
     * @param bundleManifests the bundle's manifests: ServiceAccounts it ships are not rendered
     *     again, and CRDs named by a conversion webhook are patched
     * @param request the operator namespace, install mode, watch namespaces and certificate provider
     * @return the objects in apply order, or the reasons the CSV cannot be rendered
     */
    public RenderOutcome render(Manifest csv, List<Manifest> bundleManifests, RenderRequest request) {
        RenderProblems problems = new RenderProblems();
        CsvSpec spec = CsvSpecReader.read(csv, problems);
        Optional<ResolvedInstallMode> mode = InstallModeResolver.resolve(spec, request, problems);
        Map<String, ServingEndpoint> endpoints = ServingEndpoints.plan(spec, problems);
        WebhookRenderer.check(spec, problems);
        if (!spec.webhooks().isEmpty() && request.certProvider() == null) {
            problems.add("spec.webhookdefinitions", "rendering " + webhookNames(spec.webhooks())
                    + " needs a certificate provider: --cert-provider cert-manager|service-ca");
        }
        if (!problems.isEmpty() || mode.isEmpty()) {
            return new RenderOutcome.Refused(problems.list());
        }

        RenderContext context = RenderContext.of(spec, mode.get());
        List<RenderedObject> objects = new ArrayList<>();
        objects.addAll(ServiceAccountRenderer.render(context, bundleManifests));
        objects.addAll(RbacRenderer.render(context));
        Map<String, ObjectNode> patchedCrds = Map.of();
        Map<String, String> servingSecrets = new LinkedHashMap<>();
        List<RenderedObject> webhookConfigurations = List.of();
        if (!endpoints.isEmpty()) {
            CertificateSupport certificates = CertificateSupport.of(request.certProvider());
            patchedCrds = ConversionCrdPatcher.patch(context, bundleManifests, endpoints, certificates, problems);
            if (!problems.isEmpty()) {
                return new RenderOutcome.Refused(problems.list());
            }
            objects.addAll(certificates.objects(context, endpoints.values()));
            objects.addAll(WebhookRenderer.services(context, endpoints.values(), certificates));
            endpoints.forEach((deployment, endpoint) -> servingSecrets.put(deployment, endpoint.secretName()));
            webhookConfigurations = WebhookRenderer.configurations(context, endpoints, certificates);
        }
        objects.addAll(DeploymentRenderer.render(context, servingSecrets));
        // Last, so that no admission webhook intercepts requests before its server can run.
        objects.addAll(webhookConfigurations);
        return new RenderOutcome.Rendered(mode.get(), objects, patchedCrds);
    }

    /** {@code webhook a.kb.io}, {@code webhooks a, b, c}, or {@code webhooks a, b, c and 8 more}. */
    private static String webhookNames(List<WebhookDefinition> webhooks) {
        String names = webhooks.stream().limit(NAMED_WEBHOOKS).map(WebhookDefinition::generateName)
                .collect(Collectors.joining(", "));
        int more = webhooks.size() - NAMED_WEBHOOKS;
        return (webhooks.size() == 1 ? "webhook " : "webhooks ") + names + (more > 0 ? " and " + more + " more" : "");
    }
}
