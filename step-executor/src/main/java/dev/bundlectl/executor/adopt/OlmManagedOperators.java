package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The operators OLM manages through Subscriptions, for {@code status}: what a user could adopt
 * (docs/semantics.md §11). One LIST of Subscriptions and one of CSVs (OLM's copies left out), in a
 * namespace or across the cluster.
 */
public final class OlmManagedOperators {

    private static final int PAGE = 100;

    private final KubeApi api;

    /** Reads through {@code api}. */
    public OlmManagedOperators(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** One operator OLM manages: its Subscription and its installed CSV's phase ("" when none). */
    public record Managed(OlmSubscription subscription, String csvPhase) {
        public Managed {
            Objects.requireNonNull(subscription, "subscription");
            csvPhase = csvPhase == null ? "" : csvPhase;
        }
    }

    /** What a read found. */
    public sealed interface Found {

        /** The operators, by namespace and Subscription name; none where the cluster serves no Subscriptions. */
        record Listed(List<Managed> operators) implements Found {
            public Listed {
                operators = List.copyOf(operators);
            }
        }

        /** The user may not list Subscriptions (or CSVs) there; {@code why} says so. */
        record Refused(String why) implements Found {
            public Refused {
                Objects.requireNonNull(why, "why");
            }
        }
    }

    /** The operators OLM manages in {@code namespace}, or in every namespace when null. */
    public Future<Found> read(String namespace) {
        return api.listAll(OlmApis.SUBSCRIPTIONS, namespace, null, PAGE).compose(subscriptions -> {
            if (subscriptions.isEmpty()) {
                return Future.succeededFuture((Found) new Found.Listed(List.of()));
            }
            return api.listAll(OlmApis.CSVS, namespace, "!" + OlmApis.COPIED_FROM, PAGE).map(csvs -> {
                List<Managed> managed = new ArrayList<>();
                for (ObjectNode item : subscriptions) {
                    OlmSubscription subscription = OlmSubscription.of(item);
                    String phase = csvs.stream().map(OlmCsv::of)
                            .filter(csv -> csv.namespace().equals(subscription.namespace())
                                    && csv.name().equals(subscription.installedCsv()))
                            .map(OlmCsv::phase).findFirst().orElse("");
                    managed.add(new Managed(subscription, phase));
                }
                managed.sort(java.util.Comparator.comparing((Managed each) -> each.subscription().namespace())
                        .thenComparing(each -> each.subscription().name()));
                return (Found) new Found.Listed(managed);
            });
        }).recover(error -> {
            if (ApiException.isHttp(error, 404)) {
                return Future.succeededFuture(new Found.Listed(List.of()));
            }
            if (ApiException.isHttp(error, 403)) {
                return Future.succeededFuture(new Found.Refused("cannot list OLM's Subscriptions "
                        + (namespace == null ? "across the cluster" : "in namespace " + namespace) + ": "
                        + ClientErrors.describe(error)));
            }
            return Future.failedFuture(error);
        });
    }
}
