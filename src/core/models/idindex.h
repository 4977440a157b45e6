// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QList>
#include <QStringView>

#include <algorithm>
#include <utility>

namespace sfdesk {

// Rows by id, for a list whose rows hold their ids: a flat table of each id's hash and row (open
// addressing, linear probing) that reads an id only where its hash matches. A QHash<QString, int>
// keeps a copy of every id and compares the ids at each probe: past some ten thousand rows those
// strings, spread over the rows' memory, are each a cache miss. Copies share the table until one
// of them changes (as Qt's containers do), so a worker thread can take one.
//
// idAt(row) gives the id of a row the index holds; an id that repeats keeps the row inserted last.
class IdIndex final
{
public:
    // Room for this many rows without growing.
    void reserve(qsizetype rows)
    {
        if (capacityFor(rows) > m_slots.size())
            rehash(capacityFor(rows));
    }

    template <typename IdAt> void insert(QStringView id, int row, IdAt idAt)
    {
        if (m_slots.isEmpty() || (m_size + 1) * 2 > m_slots.size())
            rehash(capacityFor(std::max<qsizetype>(m_size + 1, m_slots.size())));
        const quint32 tag = tagOf(id);
        const quint32 mask = static_cast<quint32>(m_slots.size()) - 1;
        Slot* slots = m_slots.data();
        for (quint32 i = tag & mask;; i = (i + 1) & mask) {
            Slot& slot = slots[i];
            if (slot.row < 0) {
                slot = Slot{tag, row};
                ++m_size;
                return;
            }
            if (slot.tag == tag && idAt(slot.row) == id) {
                slot.row = row;
                return;
            }
        }
    }

    // The row of id, or -1.
    template <typename IdAt> int find(QStringView id, IdAt idAt) const
    {
        if (m_size == 0)
            return -1;
        const quint32 tag = tagOf(id);
        const quint32 mask = static_cast<quint32>(m_slots.size()) - 1;
        const Slot* slots = m_slots.constData();
        for (quint32 i = tag & mask;; i = (i + 1) & mask) {
            const Slot& slot = slots[i];
            if (slot.row < 0)
                return -1;
            if (slot.tag == tag && idAt(slot.row) == id)
                return slot.row;
        }
    }

    qsizetype size() const { return m_size; }
    void clear()
    {
        m_slots.clear();
        m_size = 0;
    }

private:
    struct Slot
    {
        quint32 tag = 0; // the id's hash (its low bits): where its probe starts, and what it compares first
        qint32 row = -1; // -1: empty
    };

    // A power of two at least twice the rows: probes stay short.
    static qsizetype capacityFor(qsizetype rows)
    {
        qsizetype capacity = 16;
        while (capacity < rows * 2)
            capacity *= 2;
        return capacity;
    }
    static quint32 tagOf(QStringView id) { return static_cast<quint32>(qHash(id, QHashSeed::globalSeed())); }

    // Places every row again by its tag, without reading an id.
    void rehash(qsizetype capacity)
    {
        const QList<Slot> old = std::exchange(m_slots, QList<Slot>(capacity));
        const quint32 mask = static_cast<quint32>(capacity) - 1;
        Slot* slots = m_slots.data();
        for (const Slot& slot : old) {
            if (slot.row < 0)
                continue;
            quint32 i = slot.tag & mask;
            while (slots[i].row >= 0)
                i = (i + 1) & mask;
            slots[i] = slot;
        }
    }

    QList<Slot> m_slots;
    qsizetype m_size = 0;
};

} // namespace sfdesk
