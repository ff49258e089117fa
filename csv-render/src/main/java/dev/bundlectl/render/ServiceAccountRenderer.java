package dev.bundlectl.render;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The ServiceAccounts OLM creates for a CSV: every one named by a deployment's pod or by a
 * permissions entry, except {@code default} (every namespace has it) and those the bundle ships
 * as manifests of its own (they are applied as bundle steps).
 */
final class ServiceAccountRenderer {

    private static final String DEFAULT = "default";

    private ServiceAccountRenderer() {
    }

    static List<RenderedObject> render(RenderContext context, List<Manifest> bundleManifests) {
        Set<String> names = new LinkedHashSet<>();
        for (StrategyDeployment deployment : context.csv().deployments()) {
            if (deployment.serviceAccountName() != null) {
                names.add(deployment.serviceAccountName());
            }
        }
        context.csv().permissions().forEach(permission -> names.add(permission.serviceAccountName()));
        context.csv().clusterPermissions().forEach(permission -> names.add(permission.serviceAccountName()));
        names.remove(DEFAULT);
        names.removeAll(shippedServiceAccounts(bundleManifests));

        List<RenderedObject> accounts = new ArrayList<>();
        for (String name : names) {
            accounts.add(context.namespaced("v1", "ServiceAccount", name, body -> { }));
        }
        return accounts;
    }

    private static Set<String> shippedServiceAccounts(List<Manifest> bundleManifests) {
        Set<String> shipped = new LinkedHashSet<>();
        for (Manifest manifest : bundleManifests) {
            if (GroupKind.SERVICE_ACCOUNT.equals(manifest.groupKind())) {
                shipped.add(manifest.name());
            }
        }
        return shipped;
    }
}
