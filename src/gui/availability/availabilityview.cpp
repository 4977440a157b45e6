#include "gui/availability/availabilityview.h"

#include "core/api/apiclient.h"
#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"

#include <QCheckBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

AvailabilityView::AvailabilityView(ViewContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new SkuModel(this))
    , m_table(new ResourceTableView(QStringLiteral("availability"), context->settings(), this))
    , m_infinibandOnly(new QCheckBox(tr("&InfiniBand only"), this))
    , m_refresh(new ListRefresh(QStringLiteral("availability"), tr("Loading SKUs"), context, m_table, this))
    , m_details(new QLabel(this))
{
    setObjectName(QStringLiteral("availabilityPage"));
    m_infinibandOnly->setObjectName(QStringLiteral("availabilityInfinibandOnly"));
    m_infinibandOnly->setToolTip(SfCommand::availability(true));
    m_details->setObjectName(QStringLiteral("availabilityDetails"));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(m_infinibandOnly);
    toolbar->addStretch(1);
    toolbar->addWidget(m_refresh->label());
    toolbar->addWidget(m_refresh->button());

    m_table->setSourceModel(m_model);
    m_table->proxy()->setSortRole(ResourceRole::RawRole);
    m_table->setDefaultHiddenColumns({SkuModel::IdColumn});
    m_table->setPlaceholderText(tr("No SKUs to show."));
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList& rows) { fillMenu(menu, rows); });

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(splitter, 1);

    connect(m_refresh, &ListRefresh::requested, this, &AvailabilityView::refresh);
    connect(m_infinibandOnly, &QCheckBox::toggled, this, &AvailabilityView::applyInfinibandFilter);
    connect(m_table->table()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &AvailabilityView::updateDetails);
    connect(m_context, &ViewContext::clientChanged, this, &AvailabilityView::refresh);
    // What the app itself changed is shown at once, whichever view changed it.
    connect(m_context, &ViewContext::dataWritten, this, &AvailabilityView::refresh);
    connect(m_context, &ViewContext::pollTick, this, [this] {
        if (isVisible())
            refresh();
    });
    updateDetails();
    refresh();
}

AvailabilityView::~AvailabilityView() = default;

void AvailabilityView::refresh()
{
    ApiClient* client = m_context->client();
    if (!client) {
        m_all.clear();
        m_model->clear();
        m_refresh->showNotConnected();
        return;
    }
    const quint64 request = m_refresh->begin();
    client->instanceSkus()
        ->onSuccess<QList<InstanceSku>>(
            this,
            [this, client, request](const QList<InstanceSku>& skus) {
                if (!m_refresh->isCurrent(request))
                    return;
                client->skuAvailability()
                    ->onSuccess<QList<SkuAvailability>>(
                        this,
                        [this, skus, request](const QList<SkuAvailability>& all) {
                            if (!m_refresh->isCurrent(request))
                                return;
                            m_all = skus;
                            m_availability = all;
                            applyInfinibandFilter();
                            m_refresh->markLoaded();
                            updateDetails();
                            Q_EMIT refreshed();
                        })
                    ->onFailure(this, [this, skus, request](const ApiError& error) {
                        if (!m_refresh->isCurrent(request))
                            return;
                        // The SKUs are still worth showing without their availability.
                        m_all = skus;
                        applyInfinibandFilter();
                        m_refresh->markLoaded();
                        m_refresh->label()->markFailed(error.message());
                        m_context->reportError(tr("Loading availability"), error);
                        Q_EMIT refreshed();
                    });
            })
        ->onFailure(this, [this, request](const ApiError& error) {
            if (!m_refresh->isCurrent(request))
                return;
            m_refresh->markFailed(error);
            Q_EMIT refreshed();
        });
}

void AvailabilityView::applyInfinibandFilter()
{
    QList<InstanceSku> shown;
    for (const InstanceSku& sku : std::as_const(m_all))
        if (!m_infinibandOnly->isChecked() || sku.isInfiniband())
            shown << sku;
    m_model->refreshSkus(shown);
    m_model->setAvailability(m_availability);
}

void AvailabilityView::updateDetails()
{
    const QModelIndex row = m_table->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount()) {
        m_details->setText(
            tr("Select a SKU to see what the market offers over time. A SKU supports InfiniBand when "
               "its RDMA type is infiniband; each such SKU sits on one fabric."));
        return;
    }
    const InstanceSku& sku = m_model->at(row.row());
    NodeSchedule schedule;
    for (const SkuAvailability& a : std::as_const(m_availability))
        if (a.sku.id == sku.id)
            schedule = a.schedule;
    QStringList lines;
    for (const NodeScheduleEntry& entry : schedule)
        lines << tr("%1 → %2: %n node(s)", nullptr, entry.nodeCount)
                     .arg(Format::dateTime(entry.startAt),
                          entry.endAt ? Format::dateTime(*entry.endAt) : tr("onwards"));
    m_details->setText(
        tr("<b>%1</b> (%2)<br>%3")
            .arg(sku.alias.toHtmlEscaped(), sku.id,
                 lines.isEmpty() ? tr("Nothing published for sale.") : lines.join(QStringLiteral("<br>"))));
}

void AvailabilityView::fillMenu(QMenu* menu, const QModelIndexList& rows)
{
    if (rows.isEmpty())
        return;
    const InstanceSku sku = m_model->at(rows.first().row());
    CopyActions::add(
        menu, QStringLiteral("availability"), sku.id, {},
        {{tr("Copy as sf command: availability"), SfCommand::availability(m_infinibandOnly->isChecked()),
          QStringLiteral("availabilityCopyCommand")}});
}
