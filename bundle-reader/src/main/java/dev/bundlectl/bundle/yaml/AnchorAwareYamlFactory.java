package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.CharArrayReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * A {@link YAMLFactory} whose parsers are all {@link AnchorAwareYamlParser}s, whatever the input:
 * a stock parser would let {@link TreeBuilder} read every alias as a plain string.
 */
final class AnchorAwareYamlFactory extends YAMLFactory {

    private static final long serialVersionUID = 1L;

    AnchorAwareYamlFactory(YAMLFactoryBuilder builder) {
        super(builder);
    }

    @Override
    protected YAMLParser _createParser(byte[] data, int offset, int length, IOContext context) throws IOException {
        return _createParser(_createReader(data, offset, length, null, context), context);
    }

    @Override
    protected YAMLParser _createParser(InputStream in, IOContext context) throws IOException {
        return _createParser(_createReader(in, null, context), context);
    }

    @Override
    protected YAMLParser _createParser(char[] data, int offset, int length, IOContext context, boolean recyclable) {
        return _createParser(new CharArrayReader(data, offset, length), context);
    }

    @Override
    protected YAMLParser _createParser(Reader reader, IOContext context) {
        return new AnchorAwareYamlParser(context, _parserFeatures, _yamlParserFeatures, _loaderOptions, _objectCodec,
                reader);
    }
}
