package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/** The discovery documents of a small cluster: core, RBAC, apiextensions and OLM's CSV and OperatorGroup. */
public final class DiscoveryDocuments {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DiscoveryDocuments() {
    }

    /** Discovery path to document, for the group/versions every test cluster serves. */
    public static Map<String, String> builtIn() {
        Map<String, String> documents = new LinkedHashMap<>();
        documents.put("/api", "{\"kind\":\"APIVersions\",\"versions\":[\"v1\"]}");
        documents.put("/apis", groups());
        documents.put("/api/v1", resources("v1",
                "services:Service:true", "services/status:Service:true", "serviceaccounts:ServiceAccount:true",
                "configmaps:ConfigMap:true", "secrets:Secret:true", "namespaces:Namespace:false"));
        documents.put("/apis/rbac.authorization.k8s.io/v1", resources("rbac.authorization.k8s.io/v1",
                "roles:Role:true", "rolebindings:RoleBinding:true", "clusterroles:ClusterRole:false",
                "clusterrolebindings:ClusterRoleBinding:false"));
        documents.put("/apis/apiextensions.k8s.io/v1", resources("apiextensions.k8s.io/v1",
                "customresourcedefinitions:CustomResourceDefinition:false",
                "customresourcedefinitions/status:CustomResourceDefinition:false"));
        documents.put("/apis/operators.coreos.com/v1alpha1", resources("operators.coreos.com/v1alpha1",
                "clusterserviceversions:ClusterServiceVersion:true"));
        // OLM's CRDs come together: a cluster serving the CSV serves the OperatorGroup that OLM mode applies.
        documents.put("/apis/operators.coreos.com/v1", resources("operators.coreos.com/v1",
                "operatorgroups:OperatorGroup:true"));
        return documents;
    }

    /**
     * A cluster without OLM: the built-in documents less {@code operators.coreos.com}, plus
     * {@code apps/v1} for the Deployments that render mode creates.
     */
    public static Map<String, String> withoutOlm() {
        Map<String, String> documents = builtIn();
        documents.remove("/apis/operators.coreos.com/v1alpha1");
        documents.remove("/apis/operators.coreos.com/v1");
        documents.put("/apis", groups("rbac.authorization.k8s.io/v1", "apiextensions.k8s.io/v1", "apps/v1"));
        documents.put("/apis/apps/v1", resources("apps/v1", "deployments:Deployment:true",
                "deployments/status:Deployment:true"));
        return documents;
    }

    /** An {@code APIGroupList} document with {@code groupVersion} added to its group's versions. */
    public static String withGroupVersion(String apis, String groupVersion) {
        String[] parts = groupVersion.split("/");
        ObjectNode list = Manifests.read(apis);
        ArrayNode groups = list.withArray("groups");
        ObjectNode group = null;
        for (JsonNode each : groups) {
            if (parts[0].equals(each.path("name").asText())) {
                group = (ObjectNode) each;
            }
        }
        if (group == null) {
            group = groups.addObject().put("name", parts[0]);
            group.putObject("preferredVersion").put("groupVersion", groupVersion).put("version", parts[1]);
        }
        group.withArray("versions").addObject().put("groupVersion", groupVersion).put("version", parts[1]);
        return Manifests.write(list);
    }

    /** An APIResourceList; each resource is {@code plural:Kind:namespaced}. */
    public static String resources(String groupVersion, String... resources) {
        ObjectNode list = JSON.createObjectNode();
        list.put("kind", "APIResourceList").put("apiVersion", "v1").put("groupVersion", groupVersion);
        ArrayNode items = list.putArray("resources");
        for (String resource : resources) {
            String[] parts = resource.split(":");
            items.addObject().put("name", parts[0]).put("kind", parts[1]).put("namespaced", Boolean.parseBoolean(parts[2]))
                    .putArray("verbs").add("create").add("get").add("update").add("delete");
        }
        return Manifests.write(list);
    }

    private static String groups() {
        return groups("rbac.authorization.k8s.io/v1", "apiextensions.k8s.io/v1", "operators.coreos.com/v1alpha1",
                "operators.coreos.com/v1");
    }

    private static String groups(String... groupVersions) {
        ObjectNode list = JSON.createObjectNode();
        list.put("kind", "APIGroupList").put("apiVersion", "v1");
        ArrayNode groups = list.putArray("groups");
        Map<String, ArrayNode> versionsByGroup = new LinkedHashMap<>();
        for (String groupVersion : groupVersions) {
            String[] parts = groupVersion.split("/");
            // One entry per group, listing each of its versions, as a real server's APIGroupList does.
            ArrayNode versions = versionsByGroup.computeIfAbsent(parts[0],
                    name -> groups.addObject().put("name", name).putArray("versions"));
            versions.addObject().put("groupVersion", groupVersion).put("version", parts[1]);
        }
        return Manifests.write(list);
    }
}
