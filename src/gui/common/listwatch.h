// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/models/session.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

class QLabel;

namespace sfdesk {

class ViewContext;

// Some of the connection's lists, watched while this lives (a dialog that offers a choice of them
// reads the session's models, which then stay fresh), following the context to a new session.
// `loaded` runs when one of them has been read, at once for those already read.
class ListWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ListWatch)

public:
    using Loaded = std::function<void(Session::Resource)>;
    ListWatch(ViewContext* context, QList<Session::Resource> resources, Loaded loaded, QObject* parent);
    ~ListWatch() override;

    Session* session() const { return m_session; }
    bool isLoaded(Session::Resource resource) const;
    // Why a list could not be read, one line each; empty when none failed.
    QString problems() const;
    // A dialog's note in its label: `note` (why it cannot go on yet, or empty) and then problems();
    // the label is hidden while both are empty.
    void showNote(QLabel* noteLabel, const QString& note) const;

Q_SIGNALS:
    // A list failed or was read again: problems() changed.
    void problemsChanged();

private:
    void bind();
    void watch(bool on);

    ViewContext* m_context;
    QList<Session::Resource> m_resources;
    Loaded m_loaded;
    QPointer<Session> m_session;
    QPointer<Session> m_watched;
    QHash<Session::Resource, QString> m_problems;
};

} // namespace sfdesk
