package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.GoText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one check a configuration needs the bundle for: each of its {@code volumeMounts} must name a
 * volume the pod has once the configuration is in (its own or the bundle's), as the API server's
 * {@code ValidateVolumeMounts} requires of every container ({@code Not found}).
 */
public final class MountedVolumes {

    private MountedVolumes() {
    }

    /**
     * The configuration's mounts that name no volume of {@code deploymentSpec}'s pod, fields named
     * from the configuration's root.
     *
     * @param deploymentSpec a Deployment's spec with the configuration injected
     * @param deployment the Deployment's name, for the message
     */
    public static List<FieldError> problems(OperatorConfig config, JsonNode deploymentSpec, String deployment) {
        Set<String> volumes = new HashSet<>();
        deploymentSpec.path("template").path("spec").path("volumes")
                .forEach(volume -> volumes.add(volume.path("name").asText("")));
        List<ObjectNode> mounts = config.volumeMounts();
        List<FieldError> problems = new ArrayList<>();
        for (int i = 0; i < mounts.size(); i++) {
            String name = mounts.get(i).path("name").asText("");
            if (!volumes.contains(name)) {
                problems.add(new FieldError("volumeMounts[" + i + "].name", "Not found", GoText.quote(name),
                        "no volume of that name in the configuration or in the pod of Deployment " + deployment));
            }
        }
        return problems;
    }
}
