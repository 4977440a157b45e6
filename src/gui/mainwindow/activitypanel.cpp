#include "gui/mainwindow/activitypanel.h"

#include "core/models/activitymodel.h"
#include "gui/common/themeicons.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

ActivityPanel::ActivityPanel(ActivityModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_table(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_cancel(new QPushButton(ThemeIcons::icon(QStringLiteral("process-stop")), tr("&Cancel Request"), this))
    , m_clear(new QPushButton(ThemeIcons::icon(QStringLiteral("edit-clear")), tr("C&lear Finished"), this))
{
    m_table->setObjectName(QStringLiteral("activityTable"));
    m_summary->setObjectName(QStringLiteral("activitySummary"));
    m_cancel->setObjectName(QStringLiteral("activityCancel"));
    m_clear->setObjectName(QStringLiteral("activityClear"));

    m_table->setModel(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ActivityModel::RequestColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ActivityModel::StateColumn, QHeaderView::Stretch);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_summary, 1);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_table);

    connect(m_cancel, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_table->currentIndex();
        if (current.isValid())
            m_model->cancel(current.row());
    });
    connect(m_clear, &QPushButton::clicked, m_model, &ActivityModel::clearFinished);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ActivityPanel::updateActions);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &ActivityPanel::updateActions);
    connect(model, &QAbstractItemModel::rowsMoved, this, &ActivityPanel::updateActions);
    connect(model, &QAbstractItemModel::dataChanged, this, &ActivityPanel::updateActions);
    updateActions();
}

ActivityPanel::~ActivityPanel() = default;

void ActivityPanel::updateActions()
{
    const int inFlight = m_model->inFlightCount();
    m_summary->setText(inFlight == 0 ? tr("Nothing in flight.")
                                     : tr("%n request(s) in flight.", nullptr, inFlight));
    const QModelIndex current = m_table->currentIndex();
    m_cancel->setEnabled(current.isValid() && m_model->canCancel(current.row()));
    m_clear->setEnabled(m_model->rowCount() > inFlight);
}
