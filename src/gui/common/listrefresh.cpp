// SPDX-License-Identifier: Apache-2.0

#include "gui/common/listrefresh.h"

#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"

#include <QEvent>
#include <QIcon>
#include <QKeySequence>
#include <QPushButton>
#include <QWidget>

namespace sfdesk {

ListRefresh::ListRefresh(const QString& objectNamePrefix, const QString& action, ViewContext* context,
                         ResourceTableView* table, QList<Session::Resource> resources, QWidget* page)
    : QObject(page)
    , m_context(context)
    , m_table(table)
    , m_page(page)
    , m_button(new QPushButton(ThemeIcons::icon(QStringLiteral("view-refresh")), tr("Refresh"), page))
    , m_label(new UpdatedLabel(page))
    , m_action(action)
    , m_resources(std::move(resources))
{
    Q_ASSERT(!m_resources.isEmpty());
    m_button->setObjectName(objectNamePrefix + QStringLiteral("RefreshButton"));
    m_label->setObjectName(objectNamePrefix + QStringLiteral("UpdatedLabel"));
    // F5 on whichever list is shown: a hidden view's button takes no shortcut.
    m_button->setShortcut(QKeySequence::Refresh);
    connect(m_button, &QPushButton::clicked, this, &ListRefresh::refresh);
    connect(m_context, &ViewContext::clientChanged, this, &ListRefresh::bind);
    m_page->installEventFilter(this);
    bind();
}

ListRefresh::~ListRefresh()
{
    if (m_watched) {
        for (const Session::Resource resource : std::as_const(m_resources))
            m_watched->unwatch(resource);
    }
}

void ListRefresh::bind()
{
    Session* session = m_context->session();
    if (session == m_session)
        return;
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    if (m_watched) {
        for (const Session::Resource resource : std::as_const(m_resources))
            m_watched->unwatch(resource);
        m_watched = nullptr;
    }
    m_session = session;
    // What the last session read, and when, is not this one's.
    m_label->reset();
    connect(session, &Session::listRequested, this, [this](Session::Resource resource) {
        // Once loaded, the table keeps its rows while a refresh runs rather than flashing "Loading…".
        if (m_resources.contains(resource) && m_table->loadState() != ResourceTableView::LoadState::Loaded)
            m_table->setLoadState(ResourceTableView::LoadState::Loading);
    });
    connect(session, &Session::listLoaded, this, [this](Session::Resource resource) {
        if (!m_resources.contains(resource))
            return;
        bool all = true;
        for (const Session::Resource mine : std::as_const(m_resources))
            all = all && m_session->isLoaded(mine);
        if (all) {
            m_table->setLoadState(ResourceTableView::LoadState::Loaded);
            m_label->markUpdated();
            Q_EMIT loaded();
        }
        Q_EMIT finished();
    });
    connect(session, &Session::listFailed, this, [this](Session::Resource resource, const ApiError& error) {
        if (!m_resources.contains(resource))
            return;
        if (resource == m_resources.first())
            m_table->setLoadState(ResourceTableView::LoadState::Failed, error.message());
        m_label->markFailed(error.message());
        m_context->reportError(m_actions.value(resource, m_action), error);
        Q_EMIT finished();
    });
    Q_EMIT sessionChanged(session);
    showState();
    updateWatching();
}

void ListRefresh::showState()
{
    if (!m_session->canSend()) {
        m_table->setLoadState(ResourceTableView::LoadState::NotConnected);
        return;
    }
    bool loaded = true;
    for (const Session::Resource resource : std::as_const(m_resources))
        loaded = loaded && m_session->isLoaded(resource);
    // Until the first answer the table says it is loading, not that the list is empty.
    m_table->setLoadState(loaded ? ResourceTableView::LoadState::Loaded
                                 : ResourceTableView::LoadState::Loading);
}

void ListRefresh::updateWatching()
{
    const bool wanted = m_page->isVisible() && m_session && m_session->canSend();
    if (wanted && !m_watched) {
        m_watched = m_session;
        for (const Session::Resource resource : std::as_const(m_resources))
            m_watched->watch(resource);
    } else if (!wanted && m_watched) {
        for (const Session::Resource resource : std::as_const(m_resources))
            m_watched->unwatch(resource);
        m_watched = nullptr;
    }
}

void ListRefresh::refresh()
{
    // The user asks for what is on screen now, the account's workspaces and enrolment included.
    m_context->refreshAccount();
    for (const Session::Resource resource : std::as_const(m_resources))
        m_session->refresh(resource);
}

bool ListRefresh::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_page && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        updateWatching();
    return QObject::eventFilter(watched, event);
}

} // namespace sfdesk
