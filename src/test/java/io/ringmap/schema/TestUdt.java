package io.ringmap.schema;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.detach.AttachmentPoint;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.util.List;

/** A minimal frozen user-defined type, built from public driver interfaces only (as metadata would hand one over). */
record TestUdt(String keyspace, String name, List<String> fields, List<DataType> types) implements UserDefinedType {

    @Override
    public CqlIdentifier getKeyspace() {
        return CqlIdentifier.fromInternal(keyspace);
    }

    @Override
    public CqlIdentifier getName() {
        return CqlIdentifier.fromInternal(name);
    }

    @Override
    public boolean isFrozen() {
        return true;
    }

    @Override
    public List<CqlIdentifier> getFieldNames() {
        return fields.stream().map(CqlIdentifier::fromInternal).toList();
    }

    @Override
    public int firstIndexOf(CqlIdentifier id) {
        return getFieldNames().indexOf(id);
    }

    @Override
    public int firstIndexOf(String name) {
        return firstIndexOf(CqlIdentifier.fromCql(name));
    }

    @Override
    public List<DataType> getFieldTypes() {
        return types;
    }

    @Override
    public UserDefinedType copy(boolean newFrozen) {
        return this;
    }

    @Override
    public UdtValue newValue() {
        throw new UnsupportedOperationException();
    }

    @Override
    public UdtValue newValue(Object... fields) {
        throw new UnsupportedOperationException();
    }

    @Override
    public AttachmentPoint getAttachmentPoint() {
        return AttachmentPoint.NONE;
    }

    @Override
    public boolean isDetached() {
        return false;
    }

    @Override
    public void attach(AttachmentPoint attachmentPoint) {}
}
