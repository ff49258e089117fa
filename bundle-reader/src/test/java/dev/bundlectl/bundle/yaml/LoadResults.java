package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Compares what two loaders made of one text, strictly: node types and key order count. */
final class LoadResults {

    private LoadResults() {
    }

    /** The first difference between {@code actual} and {@code expected}, or null when there is none. */
    static String difference(LoadResult actual, LoadResult expected) {
        if (!expected.diagnostics().all().isEmpty() || !expected.references().isEmpty()
                || !expected.duplicateKeys().isEmpty()) {
            return "SnakeYAML reported " + expected.diagnostics().all() + expected.references() + expected.duplicateKeys();
        }
        List<LoadedDocument> a = actual.documents();
        List<LoadedDocument> e = expected.documents();
        if (a.size() != e.size()) {
            return a.size() + " documents, SnakeYAML " + e.size();
        }
        for (int i = 0; i < a.size(); i++) {
            LoadedDocument x = a.get(i);
            LoadedDocument y = e.get(i);
            if (!x.location().equals(y.location())) {
                return "document " + i + " at " + x.location() + ", SnakeYAML " + y.location();
            }
            String tree = treeDifference(x.root(), y.root(), "");
            if (tree != null) {
                return "document " + i + tree;
            }
            if (x.line() != y.line() || !x.elementLines().equals(y.elementLines())) {
                return "document " + i + " lines " + x.line() + " " + x.elementLines() + ", SnakeYAML " + y.line() + " "
                        + y.elementLines();
            }
        }
        return null;
    }

    private static String treeDifference(JsonNode x, JsonNode y, String path) {
        if (x.getClass() != y.getClass()) {
            return " at '" + path + "': " + x.getClass().getSimpleName() + " " + x + ", SnakeYAML "
                    + y.getClass().getSimpleName() + " " + y;
        }
        if (x.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> xs = x.properties().iterator();
            Iterator<Map.Entry<String, JsonNode>> ys = y.properties().iterator();
            while (xs.hasNext() && ys.hasNext()) {
                Map.Entry<String, JsonNode> xe = xs.next();
                Map.Entry<String, JsonNode> ye = ys.next();
                if (!xe.getKey().equals(ye.getKey())) {
                    return " at '" + path + "': key '" + xe.getKey() + "', SnakeYAML '" + ye.getKey() + "'";
                }
                String inner = treeDifference(xe.getValue(), ye.getValue(), path + "." + xe.getKey());
                if (inner != null) {
                    return inner;
                }
            }
            return xs.hasNext() || ys.hasNext() ? " at '" + path + "': " + x.size() + " keys, SnakeYAML " + y.size() : null;
        }
        if (x.isArray()) {
            if (x.size() != y.size()) {
                return " at '" + path + "': " + x.size() + " elements, SnakeYAML " + y.size();
            }
            for (int i = 0; i < x.size(); i++) {
                String inner = treeDifference(x.get(i), y.get(i), path + "[" + i + "]");
                if (inner != null) {
                    return inner;
                }
            }
            return null;
        }
        return x.equals(y) ? null : " at '" + path + "': " + x + ", SnakeYAML " + y;
    }
}
