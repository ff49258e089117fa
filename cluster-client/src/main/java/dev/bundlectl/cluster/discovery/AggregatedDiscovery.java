package dev.bundlectl.cluster.discovery;

import java.util.List;

/**
 * What one aggregated discovery document ({@code APIGroupDiscoveryList}) says.
 *
 * @param current the group/versions it lists with their resources
 * @param stale the group/versions it marks {@code freshness: Stale}: the server could not refresh
 *     them (typically an aggregated API whose service is down), so their resources are unknown
 */
public record AggregatedDiscovery(List<GroupVersionResources> current, List<GroupVersion> stale) {

    public AggregatedDiscovery {
        current = List.copyOf(current);
        stale = List.copyOf(stale);
    }
}
