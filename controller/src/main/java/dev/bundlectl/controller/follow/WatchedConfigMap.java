package dev.bundlectl.controller.follow;

/**
 * A ConfigMap some BundleInstall reads, and the account it is read (and watched) as.
 *
 * @param namespace the BundleInstall's namespace, which holds the ConfigMap
 * @param name the ConfigMap's name
 * @param serviceAccount the account the install acts as, or null (a single-tenant controller's own)
 */
public record WatchedConfigMap(String namespace, String name, String serviceAccount) {

    /** For log lines. */
    public String describe() {
        return "ConfigMap " + namespace + "/" + name;
    }
}
