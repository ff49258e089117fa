package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import java.io.File;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Carries a kubeconfig user's impersonation ({@code as}, {@code as-groups}, {@code as-user-extra})
 * into fabric8's config, as kubectl does. fabric8 7.8 reads credentials from the kubeconfig but
 * ignores these keys, so without this a kubeconfig that says "act as alice" would act with the
 * full rights of the credentials instead: more than the user asked for.
 */
final class KubeconfigImpersonation {

    private KubeconfigImpersonation() {
    }

    /** Sets the impersonation of the current context's user on {@code config}, if it has any. */
    static void apply(Config config, KubeconfigModels models) {
        NamedContext context = config.getCurrentContext();
        File file = config.getFileWithAuthInfo();
        if (context == null || context.getContext() == null || context.getContext().getUser() == null
                || file == null || !file.isFile()) {
            return;
        }
        AuthInfo user = find(models.of(file.toPath()).getUsers(), context.getContext().getUser());
        if (user == null || user.getAs() == null || user.getAs().isBlank()) {
            return;
        }
        config.setImpersonateUsername(user.getAs());
        List<String> groups = user.getAsGroups();
        if (groups != null && !groups.isEmpty()) {
            config.setImpersonateGroups(groups.toArray(String[]::new));
        }
        Map<String, List<String>> extras = user.getAsUserExtra();
        if (extras != null && !extras.isEmpty()) {
            config.setImpersonateExtras(new HashMap<>(extras));
        }
    }

    private static AuthInfo find(List<NamedAuthInfo> users, String name) {
        if (users == null) {
            return null;
        }
        for (NamedAuthInfo user : users) {
            if (name.equals(user.getName())) {
                return user.getUser();
            }
        }
        return null;
    }
}
