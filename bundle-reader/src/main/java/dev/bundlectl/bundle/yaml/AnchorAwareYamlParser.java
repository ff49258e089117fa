package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.Reader;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * A {@link YAMLParser} that also tells the anchor of a scalar ({@code a: &n 5}): the stock parser
 * reports anchors of mappings and sequences only, so an alias of an anchored scalar could not be
 * expanded. It also tells the tag of the current node exactly as SnakeYAML resolved it: the stock
 * {@link #getTypeId()} strips the leading {@code !}s, so that {@code !set} and {@code !!set}
 * could not be told apart.
 */
final class AnchorAwareYamlParser extends YAMLParser {

    AnchorAwareYamlParser(IOContext context, int parserFeatures, int formatFeatures, LoaderOptions options,
            ObjectCodec codec, Reader reader) {
        super(context, parserFeatures, formatFeatures, options, codec, reader);
    }

    /** The anchor of the scalar that produced the current value token, or null. */
    String scalarAnchor() {
        return _lastEvent instanceof ScalarEvent ? ((ScalarEvent) _lastEvent).getAnchor() : null;
    }

    /**
     * The explicit tag of the node (scalar, key, mapping or sequence) that produced the current
     * token, resolved to its full form ({@code !!binary} is {@code tag:yaml.org,2002:binary},
     * {@code !local} stays {@code !local}), or null when it has none.
     */
    String explicitTag() {
        if (_lastEvent instanceof ScalarEvent) {
            return ((ScalarEvent) _lastEvent).getTag();
        }
        if (_lastEvent instanceof CollectionStartEvent) {
            return ((CollectionStartEvent) _lastEvent).getTag();
        }
        return null;
    }
}
