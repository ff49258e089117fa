package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an adoption needs of one of OLM's InstallPlans ({@code operators.coreos.com/v1alpha1}): which
 * Subscriptions it was made for (its owner references: OLM's catalog operator makes one plan for
 * every Subscription its resolution touched), the CSVs it installs, each object it wrote, and the
 * bundle images it unpacked.
 *
 * @param namespace its namespace: the namespaced objects of its steps are there
 * @param name its name
 * @param uid its uid
 * @param phase {@code status.phase} ({@code Complete} once every step was applied)
 * @param csvNames {@code spec.clusterServiceVersionNames}
 * @param ownerSubscriptions the names of the Subscriptions its owner references name
 * @param steps {@code status.plan}
 * @param bundleImages {@code status.bundleLookups}: each CSV's bundle image
 */
public record OlmInstallPlan(String namespace, String name, String uid, String phase, List<String> csvNames,
        List<String> ownerSubscriptions, List<Step> steps, List<BundleImage> bundleImages) {

    public OlmInstallPlan {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        phase = phase == null ? "" : phase;
        csvNames = List.copyOf(csvNames);
        ownerSubscriptions = List.copyOf(ownerSubscriptions);
        steps = List.copyOf(steps);
        bundleImages = List.copyOf(bundleImages);
    }

    /**
     * One object the plan wrote.
     *
     * @param resolving the CSV it was written for
     * @param group its API group, "" for the core group
     * @param version its version
     * @param kind its kind
     * @param name its name (namespaced objects are in the plan's namespace)
     * @param status the step's status ({@code Created}, {@code Present})
     */
    public record Step(String resolving, String group, String version, String kind, String name, String status) {
    }

    /**
     * One bundle the plan unpacked.
     *
     * @param csvName the CSV it holds ({@code identifier})
     * @param image the bundle image ({@code path})
     */
    public record BundleImage(String csvName, String image) {
    }

    /** The InstallPlan as the API server answered it. */
    public static OlmInstallPlan of(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        List<String> csvNames = new ArrayList<>();
        object.path("spec").path("clusterServiceVersionNames").forEach(name -> csvNames.add(name.asText()));
        List<String> owners = new ArrayList<>();
        for (JsonNode owner : metadata.path("ownerReferences")) {
            if ("Subscription".equals(owner.path("kind").asText())) {
                owners.add(owner.path("name").asText());
            }
        }
        List<Step> steps = new ArrayList<>();
        for (JsonNode step : object.path("status").path("plan")) {
            JsonNode resource = step.path("resource");
            steps.add(new Step(step.path("resolving").asText(""), resource.path("group").asText(""),
                    resource.path("version").asText(""), resource.path("kind").asText(""),
                    resource.path("name").asText(""), step.path("status").asText("")));
        }
        List<BundleImage> images = new ArrayList<>();
        for (JsonNode lookup : object.path("status").path("bundleLookups")) {
            images.add(new BundleImage(lookup.path("identifier").asText(""), lookup.path("path").asText("")));
        }
        return new OlmInstallPlan(metadata.path("namespace").asText(), metadata.path("name").asText(),
                metadata.path("uid").asText(null), object.path("status").path("phase").asText(""), csvNames, owners,
                steps, images);
    }

    /** {@code InstallPlan NS/NAME}, for messages. */
    public String describe() {
        return "InstallPlan " + namespace + "/" + name;
    }

    /** Whether this plan was made for the Subscription {@code subscription} (of its namespace). */
    public boolean madeFor(String subscription) {
        return ownerSubscriptions.contains(subscription);
    }
}
