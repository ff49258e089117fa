package dev.bundlectl.controller.runtime;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.List;
import java.util.stream.Stream;

/**
 * The informer's store of BundleInstalls, each kept without its {@code status} and
 * {@code metadata.managedFields}. The loop takes nothing from the store but each object's key and
 * {@code resourceVersion} (a reconcile reads its BundleInstall from the server), while a
 * BundleInstall's status holds its whole InstallPlan, about 25 KB of JSON for the sample: whole
 * copies made the controller's heap grow by tens of kilobytes an install (bench/README.md,
 * "Controller fleet at 1,000 installs"). Event handlers still get each object as the server sent
 * it; only the copy kept between events, an update's old object, is the slim one.
 */
final class StatuslessStore implements ItemStore<GenericKubernetesResource> {

    private final BasicItemStore<GenericKubernetesResource> kept = new BasicItemStore<>(Cache::metaNamespaceKeyFunc);

    @Override
    public String getKey(GenericKubernetesResource object) {
        return kept.getKey(object);
    }

    @Override
    public GenericKubernetesResource put(String key, GenericKubernetesResource object) {
        return kept.put(key, withoutStatus(object));
    }

    @Override
    public GenericKubernetesResource remove(String key) {
        return kept.remove(key);
    }

    @Override
    public Stream<String> keySet() {
        return kept.keySet();
    }

    @Override
    public Stream<GenericKubernetesResource> values() {
        return kept.values();
    }

    @Override
    public int size() {
        return kept.size();
    }

    @Override
    public GenericKubernetesResource get(String key) {
        return kept.get(key);
    }

    /** A copy of {@code object} without its status and managedFields; the rest is shared, not copied. */
    static GenericKubernetesResource withoutStatus(GenericKubernetesResource object) {
        GenericKubernetesResource slim = new GenericKubernetesResource();
        slim.setApiVersion(object.getApiVersion());
        slim.setKind(object.getKind());
        if (object.getMetadata() != null) {
            slim.setMetadata(new ObjectMetaBuilder(object.getMetadata()).withManagedFields((List<ManagedFieldsEntry>) null).build());
        }
        object.getAdditionalProperties().forEach((field, value) -> {
            if (!"status".equals(field)) {
                slim.setAdditionalProperty(field, value);
            }
        });
        return slim;
    }
}
