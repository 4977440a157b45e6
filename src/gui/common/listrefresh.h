// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/models/session.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QPushButton;

class QWidget;

namespace sfdesk {

class ResourceTableView;
class UpdatedLabel;
class ViewContext;

// What every list page shares about its data: it watches the session's lists it shows while the
// page is on screen (so a hidden page costs no requests), gives the toolbar its Refresh button and
// "updated … ago" label, and shows the table's load state. The lists themselves, their polling,
// cancelling of overtaken requests and the refresh after the app's own writes are the session's.
// The first list is the table's; a failure of another one is said in the label only. A failure is
// reported under the page's action ("Loading pools").
class ListRefresh final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ListRefresh)

public:
    // objectNamePrefix names the widgets for tests: "<prefix>RefreshButton", "<prefix>UpdatedLabel".
    // page: the widget whose visibility decides whether the lists are watched.
    ListRefresh(const QString& objectNamePrefix, const QString& action, ViewContext* context,
                ResourceTableView* table, QList<Session::Resource> resources, QWidget* page);
    ~ListRefresh() override;

    QPushButton* button() const { return m_button; }
    UpdatedLabel* label() const { return m_label; }
    bool isWatching() const { return !m_watched.isNull(); }
    // What a failure of one of the other lists is reported under ("Loading fabrics").
    void setAction(Session::Resource resource, const QString& action) { m_actions.insert(resource, action); }

public Q_SLOTS:
    // Reads the lists again now (when on screen).
    void refresh();

Q_SIGNALS:
    // Every list of the page has an answer in its model (after each poll).
    void loaded();
    // A poll of one of the page's lists ended, either way (after loaded() when it succeeded).
    void finished();
    // The session is another one: the page takes its models from it.
    void sessionChanged(sfdesk::Session* session);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void bind();
    void updateWatching();
    void showState();

    ViewContext* m_context;
    ResourceTableView* m_table;
    QWidget* m_page;
    QPushButton* m_button;
    UpdatedLabel* m_label;
    QString m_action;
    QHash<Session::Resource, QString> m_actions;
    QList<Session::Resource> m_resources;
    QPointer<Session> m_session;
    // The session whose lists this page watches, while it is on screen.
    QPointer<Session> m_watched;
};

} // namespace sfdesk
