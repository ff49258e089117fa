package dev.bundlectl.render;

import java.util.Arrays;
import java.util.Optional;

/**
 * Who issues the serving certificates of a rendered operator's webhooks. OLM generates them
 * itself; without OLM a certificate provider on the cluster has to.
 */
public enum CertProvider {
    /**
     * cert-manager: a self-signed {@code Issuer} and one {@code Certificate} per webhook Service;
     * its CA injector fills {@code caBundle} from the {@code cert-manager.io/inject-ca-from}
     * annotation.
     */
    CERT_MANAGER("cert-manager"),
    /**
     * OpenShift's service CA operator: the {@code service.beta.openshift.io/serving-cert-secret-name}
     * annotation on the Service, and {@code service.beta.openshift.io/inject-cabundle} on the webhook
     * configurations and CRDs.
     */
    SERVICE_CA("service-ca");

    private final String wireName;

    CertProvider(String wireName) {
        this.wireName = wireName;
    }

    /** The name as the command line spells it, e.g. {@code cert-manager}. */
    public String wireName() {
        return wireName;
    }

    /** The provider with this wire name, if any. */
    public static Optional<CertProvider> fromWireName(String value) {
        return Arrays.stream(values()).filter(provider -> provider.wireName.equals(value)).findFirst();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
