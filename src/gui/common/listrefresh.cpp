#include "gui/common/listrefresh.h"

#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"

#include <QIcon>
#include <QKeySequence>
#include <QPushButton>

ListRefresh::ListRefresh(const QString& objectNamePrefix, const QString& action, ViewContext* context,
                         ResourceTableView* table, QWidget* parent)
    : QObject(parent)
    , m_context(context)
    , m_table(table)
    , m_button(new QPushButton(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("Refresh"), parent))
    , m_label(new UpdatedLabel(parent))
    , m_action(action)
{
    m_button->setObjectName(objectNamePrefix + QStringLiteral("RefreshButton"));
    m_label->setObjectName(objectNamePrefix + QStringLiteral("UpdatedLabel"));
    // F5 on whichever list is shown: a hidden view's button takes no shortcut.
    m_button->setShortcut(QKeySequence::Refresh);
    connect(m_button, &QPushButton::clicked, this, &ListRefresh::requested);
    // Until the first answer the table says it is loading, not that the list is empty.
    m_table->setLoadState(ResourceTableView::LoadState::Loading);
}

ListRefresh::~ListRefresh() = default;

void ListRefresh::cancelInFlight()
{
    if (ApiCall* call = m_call.data()) {
        m_call = nullptr;
        call->cancel();
    }
}

void ListRefresh::showNotConnected()
{
    ++m_current;
    cancelInFlight();
    m_table->setLoadState(ResourceTableView::LoadState::NotConnected);
}

quint64 ListRefresh::begin()
{
    // Once loaded, the table keeps its rows while a refresh runs rather than flashing "Loading…".
    if (m_table->loadState() != ResourceTableView::LoadState::Loaded)
        m_table->setLoadState(ResourceTableView::LoadState::Loading);
    const quint64 request = ++m_current;
    cancelInFlight();
    return request;
}

void ListRefresh::markLoaded()
{
    m_table->setLoadState(ResourceTableView::LoadState::Loaded);
    m_label->markUpdated();
}

void ListRefresh::markFailed(const ApiError& error)
{
    m_table->setLoadState(ResourceTableView::LoadState::Failed, error.message());
    m_label->markFailed(error.message());
    m_context->reportError(m_action, error);
}
