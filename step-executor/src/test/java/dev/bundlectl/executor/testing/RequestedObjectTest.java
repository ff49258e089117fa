package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RequestedObjectTest {

    @Test
    void readsNamespacedClusterScopedAndPostedObjects() {
        assertThat(of("PATCH", "/api/v1/namespaces/ns1/configmaps/cfg?fieldManager=bundlectl", null))
                .contains(new RequestedObject("ns1", "configmaps", "cfg"));
        assertThat(of("POST", "/apis/operators.coreos.com/v1alpha1/namespaces/ns1/clusterserviceversions", "op.v1"))
                .contains(new RequestedObject("ns1", "clusterserviceversions", "op.v1"));
        assertThat(of("PATCH", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/caches.example.dev", null))
                .contains(new RequestedObject(null, "customresourcedefinitions", "caches.example.dev"));
        assertThat(of("GET", "/api/v1/namespaces/ns1", null)).contains(new RequestedObject(null, "namespaces", "ns1"));
    }

    @Test
    void discoveryIsNoObject() {
        assertThat(of("GET", "/apis", null)).isEmpty();
        assertThat(of("GET", "/api", null)).isEmpty();
        assertThat(of("GET", "/apis/apps/v1", null)).isEmpty();
        assertThat(of("GET", "/version", null)).isEmpty();
    }

    private static Optional<RequestedObject> of(String method, String uri, String postedName) {
        return RequestedObject.of(new ProxiedRequest(0, method, uri, postedName, Fault.NONE, 200));
    }
}
