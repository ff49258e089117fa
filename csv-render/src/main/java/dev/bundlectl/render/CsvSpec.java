package dev.bundlectl.render;

import java.util.List;
import java.util.Map;

/**
 * The parts of a CSV that rendering needs, read and checked by {@link CsvSpecReader}.
 *
 * @param name the CSV's {@code metadata.name}
 * @param baseName the name without its version, the stem of generated names ({@link RenderNames#baseName})
 * @param installModes the declared install modes and whether each is supported
 * @param deployments {@code spec.install.spec.deployments}
 * @param permissions {@code spec.install.spec.permissions}
 * @param clusterPermissions {@code spec.install.spec.clusterPermissions}
 * @param webhooks {@code spec.webhookdefinitions}
 */
record CsvSpec(String name, String baseName, Map<InstallModeType, Boolean> installModes,
        List<StrategyDeployment> deployments, List<StrategyPermission> permissions,
        List<StrategyPermission> clusterPermissions, List<WebhookDefinition> webhooks) {

    CsvSpec {
        installModes = Map.copyOf(installModes);
        deployments = List.copyOf(deployments);
        permissions = List.copyOf(permissions);
        clusterPermissions = List.copyOf(clusterPermissions);
        webhooks = List.copyOf(webhooks);
    }

    /** Whether the CSV declares this mode as supported. */
    boolean supports(InstallModeType mode) {
        return Boolean.TRUE.equals(installModes.get(mode));
    }

    /** The deployment entry with this name, or null. */
    StrategyDeployment deployment(String deploymentName) {
        return deployments.stream().filter(d -> d.name().equals(deploymentName)).findFirst().orElse(null);
    }
}
