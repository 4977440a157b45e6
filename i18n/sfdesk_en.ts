<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>TableExportDialog</name>
    <message numerus="yes">
        <source>Exported %n row(s) to %1.</source>
        <translation>
            <numerusform>Exported %n row to %1.</numerusform>
            <numerusform>Exported %n rows to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ActivityPanel</name>
    <message numerus="yes">
        <source>%n request(s) in flight.</source>
        <translation>
            <numerusform>%n request in flight.</numerusform>
            <numerusform>%n requests in flight.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ApiCall</name>
    <message numerus="yes">
        <source>the answer is larger than %n MiB</source>
        <translation>
            <numerusform>the answer is larger than %n MiB</numerusform>
            <numerusform>the answer is larger than %n MiB</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the list did not end after %n pages</source>
        <translation>
            <numerusform>the list did not end after %n page</numerusform>
            <numerusform>the list did not end after %n pages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::Application</name>
    <message numerus="yes">
        <source>%1 × %2 from %3 for %n hour(s) at %4 (watched at %5). Buy… opens the order.</source>
        <translation>
            <numerusform>%1 × %2 from %3 for %n hour at %4 (watched at %5). Buy… opens the order.</numerusform>
            <numerusform>%1 × %2 from %3 for %n hours at %4 (watched at %5). Buy… opens the order.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::AvailabilityChart</name>
    <message numerus="yes">
        <source>Lowest best ask %1 per node-hour, for the hour from %2 (%n hour(s) with asks).</source>
        <translation>
            <numerusform>Lowest best ask %1 per node-hour, for the hour from %2 (%n hour with asks).</numerusform>
            <numerusform>Lowest best ask %1 per node-hour, for the hour from %2 (%n hours with asks).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::BurnDownChart</name>
    <message numerus="yes">
        <source>Net spent this month up to %1: %2, over %n day(s).</source>
        <translation>
            <numerusform>Net spent this month up to %1: %2, over %n day.</numerusform>
            <numerusform>Net spent this month up to %1: %2, over %n days.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::CloudInitPage</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ConnectionStatus</name>
    <message numerus="yes">
        <source>Updated %n second(s) ago</source>
        <translation>
            <numerusform>Updated %n second ago</numerusform>
            <numerusform>Updated %n seconds ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Updated %n minute(s) ago</source>
        <translation>
            <numerusform>Updated %n minute ago</numerusform>
            <numerusform>Updated %n minutes ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ConsoleLogDialog</name>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::CreateDeploymentDialog</name>
    <message numerus="yes">
        <source>%1 (the pool owns %n node(s) now)</source>
        <translation>
            <numerusform>%1 (the pool owns %n node now)</numerusform>
            <numerusform>%1 (the pool owns %n nodes now)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::CreateInstanceWizard</name>
    <message numerus="yes">
        <source>%1 (%n instance(s))</source>
        <translation>
            <numerusform>%1 (%n instance)</numerusform>
            <numerusform>%1 (%n instances)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Creates %n instance(s): %1</source>
        <translation>
            <numerusform>Creates %n instance: %1</numerusform>
            <numerusform>Creates %n instances: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pool &quot;%1&quot; has %2 free node(s) of %3 now, for %n instance(s): the others wait for allocation until the pool owns more (buy them on the Reservations page).</source>
        <translation>
            <numerusform>Pool &quot;%1&quot; has %2 free node(s) of %3 now, for %n instance: the others wait for allocation until the pool owns more (buy them on the Reservations page).</numerusform>
            <numerusform>Pool &quot;%1&quot; has %2 free node(s) of %3 now, for %n instances: the others wait for allocation until the pool owns more (buy them on the Reservations page).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Created %n instance(s)</source>
        <translation>
            <numerusform>Created %n instance</numerusform>
            <numerusform>Created %n instances</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::CreatePartitionDialog</name>
    <message numerus="yes">
        <source>This zone has %n fabrics (%1): a region and zone cannot say which one. Pick the fabric of your SKU above.</source>
        <translation>
            <numerusform>This zone has %n fabric (%1): a region and zone cannot say which one. Pick the fabric of your SKU above.</numerusform>
            <numerusform>This zone has %n fabrics (%1): a region and zone cannot say which one. Pick the fabric of your SKU above.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::DeleteBlockersDialog</name>
    <message numerus="yes">
        <source>Ask someone with access to workspace &quot;%1&quot; to terminate them</source>
        <translation>
            <numerusform>Ask someone with access to workspace &quot;%1&quot; to terminate it</numerusform>
            <numerusform>Ask someone with access to workspace &quot;%1&quot; to terminate them</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your instances have released the partition; %n instance(s) you cannot read may still block it. Try the delete again.</source>
        <translation>
            <numerusform>Your instances have released the partition; %n instance you cannot read may still block it. Try the delete again.</numerusform>
            <numerusform>Your instances have released the partition; %n instances you cannot read may still block it. Try the delete again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Terminate %n Instance(s)…</source>
        <translation>
            <numerusform>&amp;Terminate %n Instance…</numerusform>
            <numerusform>&amp;Terminate %n Instances…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminate %n instance(s) attached to partition &quot;%1&quot;: %2? Terminated instances cannot be started again; their nodes then release the partition.</source>
        <translation>
            <numerusform>Terminate %n instance attached to partition &quot;%1&quot;: %2? Terminated instances cannot be started again; their nodes then release the partition.</numerusform>
            <numerusform>Terminate %n instances attached to partition &quot;%1&quot;: %2? Terminated instances cannot be started again; their nodes then release the partition.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Terminate %n Instance(s)</source>
        <translation>
            <numerusform>&amp;Terminate %n Instance</numerusform>
            <numerusform>&amp;Terminate %n Instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminating %n instance(s)…</source>
        <translation>
            <numerusform>Terminating %n instance…</numerusform>
            <numerusform>Terminating %n instances…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %1 of %n instance(s)…</source>
        <translation>
            <numerusform>Terminated %1 of %n instance…</numerusform>
            <numerusform>Terminated %1 of %n instances…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %n instance(s). Waiting for their nodes to release the partition.</source>
        <translation>
            <numerusform>Terminated %n instance. Waiting for its node to release the partition.</numerusform>
            <numerusform>Terminated %n instances. Waiting for their nodes to release the partition.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %1 of %n instance(s); the others could not be terminated (see their rows).</source>
        <translation>
            <numerusform>Terminated %1 of %n instance; the others could not be terminated (see their rows).</numerusform>
            <numerusform>Terminated %1 of %n instances; the others could not be terminated (see their rows).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::DeploymentsView</name>
    <message numerus="yes">
        <source>Running: %1 of %n instance(s)</source>
        <translation>
            <numerusform>Running: %1 of %n instance</numerusform>
            <numerusform>Running: %1 of %n instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>scale to %n instance(s)</source>
        <translation>
            <numerusform>scale to %n instance</numerusform>
            <numerusform>scale to %n instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete deployment &quot;%1&quot;? Its %n instance(s) will be terminated: %2.</source>
        <translation>
            <numerusform>Delete deployment &quot;%1&quot;? Its %n instance will be terminated: %2.</numerusform>
            <numerusform>Delete deployment &quot;%1&quot;? Its %n instances will be terminated: %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::DepthChart</name>
    <message numerus="yes">
        <source>Best ask %1 for %n node(s).</source>
        <translation>
            <numerusform>Best ask %1 for %n node.</numerusform>
            <numerusform>Best ask %1 for %n nodes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Best bid %1 for %n node(s).</source>
        <translation>
            <numerusform>Best bid %1 for %n node.</numerusform>
            <numerusform>Best bid %1 for %n nodes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ask level(s) with %1 nodes in all,</source>
        <translation>
            <numerusform>%n ask level with %1 nodes in all,</numerusform>
            <numerusform>%n ask levels with %1 nodes in all,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bid level(s) with %1 nodes in all.</source>
        <translation>
            <numerusform>%n bid level with %1 nodes in all.</numerusform>
            <numerusform>%n bid levels with %1 nodes in all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your %1 at %2: %n node(s).</source>
        <translation>
            <numerusform>Your %1 at %2: %n node.</numerusform>
            <numerusform>Your %1 at %2: %n nodes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::FillsChart</name>
    <message numerus="yes">
        <source>No fills in the last %n day(s).</source>
        <translation>
            <numerusform>No fills in the last %n day.</numerusform>
            <numerusform>No fills in the last %n days.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n fill(s) since %1, from %2 to %3 per node-hour, %4 nodes in all.</source>
        <translation>
            <numerusform>%n fill since %1, from %2 to %3 per node-hour, %4 nodes in all.</numerusform>
            <numerusform>%n fills since %1, from %2 to %3 per node-hour, %4 nodes in all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Latest: %1 for %n node(s) at %2.</source>
        <translation>
            <numerusform>Latest: %1 for %n node at %2.</numerusform>
            <numerusform>Latest: %1 for %n nodes at %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 per node-hour for %n node(s), filled %2</source>
        <translation>
            <numerusform>%1 per node-hour for %n node, filled %2</numerusform>
            <numerusform>%1 per node-hour for %n nodes, filled %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(the mean of %n trade(s) made together)</source>
        <translation>
            <numerusform>(the mean of %n trade made together)</numerusform>
            <numerusform>(the mean of %n trades made together)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ImageUpload</name>
    <message numerus="yes">
        <source>Part %1 of %2 could not be uploaded (%n attempt(s)): %3</source>
        <translation>
            <numerusform>Part %1 of %2 could not be uploaded (%n attempt): %3</numerusform>
            <numerusform>Part %1 of %2 could not be uploaded (%n attempts): %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ImageUploads</name>
    <message numerus="yes">
        <source>Interrupted: %n of %1 part(s) uploaded. Resume to send the rest.</source>
        <translation>
            <numerusform>Interrupted: %n of %1 parts uploaded. Resume to send the rest.</numerusform>
            <numerusform>Interrupted: %n of %1 parts uploaded. Resume to send the rest.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::InstancesView</name>
    <message numerus="yes">
        <source>%n instances selected.</source>
        <translation>
            <numerusform>%n instance selected.</numerusform>
            <numerusform>%n instances selected.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminate %n instance(s): %1? A terminated instance cannot be started again; an InfiniBand partition keeps it attached until its node releases it.</source>
        <translation>
            <numerusform>Terminate %n instance: %1? A terminated instance cannot be started again; an InfiniBand partition keeps it attached until its node releases it.</numerusform>
            <numerusform>Terminate %n instances: %1? A terminated instance cannot be started again; an InfiniBand partition keeps it attached until its node releases it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n terminated instance(s): %1? They disappear from every list.</source>
        <translation>
            <numerusform>Delete %n terminated instance: %1? It disappears from every list.</numerusform>
            <numerusform>Delete %n terminated instances: %1? They disappear from every list.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminated %1 of %n instance(s).</source>
        <translation>
            <numerusform>Terminated %1 of %n instance.</numerusform>
            <numerusform>Terminated %1 of %n instances.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %n instance(s).</source>
        <translation>
            <numerusform>Deleted %1 of %n instance.</numerusform>
            <numerusform>Deleted %1 of %n instances.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::LaunchCommandDialog</name>
    <message numerus="yes">
        <source>%n running worker(s) in partition %1 on fabric %2. Run each node&apos;s line on that node; rank 0 is the master.</source>
        <translation>
            <numerusform>%n running worker in partition %1 on fabric %2. Run each node&apos;s line on that node; rank 0 is the master.</numerusform>
            <numerusform>%n running workers in partition %1 on fabric %2. Run each node&apos;s line on that node; rank 0 is the master.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::MarketView</name>
    <message numerus="yes">
        <source>Fills of %1 in the last %n day(s)</source>
        <translation>
            <numerusform>Fills of %1 in the last %n day</numerusform>
            <numerusform>Fills of %1 in the last %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The newest %1 fills of %2 in the last %n day(s)</source>
        <translation>
            <numerusform>The newest %1 fills of %2 in the last %n day</numerusform>
            <numerusform>The newest %1 fills of %2 in the last %n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::MoveNodesDialog</name>
    <message numerus="yes">
        <source>%1 owns %n node(s) of %2 at the least over this window, fewer than the %3 to move.</source>
        <translation>
            <numerusform>%1 owns %n node of %2 at the least over this window, fewer than the %3 to move.</numerusform>
            <numerusform>%1 owns %n nodes of %2 at the least over this window, fewer than the %3 to move.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::MultipartDialog</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::NoticeWatcher</name>
    <message numerus="yes">
        <source>%1: %n node(s) filled.</source>
        <translation>
            <numerusform>%1: %n node filled.</numerusform>
            <numerusform>%1: %n nodes filled.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) filled so far.</source>
        <translation>
            <numerusform>%1: %n node filled so far.</numerusform>
            <numerusform>%1: %n nodes filled so far.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pool %1: capacity starts in %n minute(s), at %2.</source>
        <translation>
            <numerusform>Pool %1: capacity starts in %n minute, at %2.</numerusform>
            <numerusform>Pool %1: capacity starts in %n minutes, at %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pool %1: capacity ends in %n minute(s), at %2.</source>
        <translation>
            <numerusform>Pool %1: capacity ends in %n minute, at %2.</numerusform>
            <numerusform>Pool %1: capacity ends in %n minutes, at %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pool %1 has owned %n node(s) with no instance on them since %2.</source>
        <translation>
            <numerusform>Pool %1 has owned %n node with no instance on them since %2.</numerusform>
            <numerusform>Pool %1 has owned %n nodes with no instance on them since %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::OrderPanel</name>
    <message numerus="yes">
        <source>The pool can sell at most %n node(s) of this SKU over the whole window.</source>
        <translation>
            <numerusform>The pool can sell at most %n node of this SKU over the whole window.</numerusform>
            <numerusform>The pool can sell at most %n nodes of this SKU over the whole window.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::OrdersPage</name>
    <message numerus="yes">
        <source>Cancel order %1 (%n node(s), limit %2)?</source>
        <translation>
            <numerusform>Cancel order %1 (%n node, limit %2)?</numerusform>
            <numerusform>Cancel order %1 (%n nodes, limit %2)?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PartitionsView</name>
    <message numerus="yes">
        <source>Delete %n InfiniBand partition(s): %1? Instances still attached to one block its deletion.</source>
        <translation>
            <numerusform>Delete %n InfiniBand partition: %1? Instances still attached to it block its deletion.</numerusform>
            <numerusform>Delete %n InfiniBand partitions: %1? Instances still attached to one block its deletion.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %n Partition(s)</source>
        <translation>
            <numerusform>&amp;Delete %n Partition</numerusform>
            <numerusform>&amp;Delete %n Partitions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %n partition(s).</source>
        <translation>
            <numerusform>Deleted %1 of %n partition.</numerusform>
            <numerusform>Deleted %1 of %n partitions.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PlannerChart</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Procurement %1 keeps %2 of %3 over the next %4, buying at most %5 and selling at least %6%7; %n order(s) of it shown.</source>
        <translation>
            <numerusform>Procurement %1 keeps %2 of %3 over the next %4, buying at most %5 and selling at least %6%7; %n order of it shown.</numerusform>
            <numerusform>Procurement %1 keeps %2 of %3 over the next %4, buying at most %5 and selling at least %6%7; %n orders of it shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Idle: %n node-hour(s) owned over the next 48 hours with no instance on them, hatched, from %1 to %2.</source>
        <translation>
            <numerusform>Idle: %n node-hour owned over the next 48 hours with no instance on them, hatched, from %1 to %2.</numerusform>
            <numerusform>Idle: %n node-hours owned over the next 48 hours with no instance on them, hatched, from %1 to %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PoolModel</name>
    <message numerus="yes">
        <source>%n node-hour(s)</source>
        <translation>
            <numerusform>%n node-hour</numerusform>
            <numerusform>%n node-hours</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PoolsView</name>
    <message numerus="yes">
        <source>Delete %n pool(s): %1? SF Compute refuses each one that has active orders, future allocation, nodes or deployments.</source>
        <translation>
            <numerusform>Delete %n pool: %1? SF Compute refuses it if it has active orders, future allocation, nodes or deployments.</numerusform>
            <numerusform>Delete %n pools: %1? SF Compute refuses each one that has active orders, future allocation, nodes or deployments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %n Pool(s)</source>
        <translation>
            <numerusform>&amp;Delete %n Pool</numerusform>
            <numerusform>&amp;Delete %n Pools</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %1 of %n pool(s).</source>
        <translation>
            <numerusform>Deleted %1 of %n pool.</numerusform>
            <numerusform>Deleted %1 of %n pools.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::PriceWatchList</name>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ProcurementModel</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ReplaceInstanceDialog</name>
    <message numerus="yes">
        <source>The instance&apos;s own (%n byte(s)).</source>
        <translation>
            <numerusform>The instance&apos;s own (%n byte).</numerusform>
            <numerusform>The instance&apos;s own (%n bytes).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>From template %1 of deployment %2 (%n byte(s)).</source>
        <translation>
            <numerusform>From template %1 of deployment %2 (%n byte).</numerusform>
            <numerusform>From template %1 of deployment %2 (%n bytes).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::ReservationsPage</name>
    <message numerus="yes">
        <source>On target: %n node(s) over the next %1.</source>
        <translation>
            <numerusform>On target: %n node over the next %1.</numerusform>
            <numerusform>On target: %n nodes over the next %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Procurement %1 keeps %n node(s) of %2.</source>
        <translation>
            <numerusform>Procurement %1 keeps %n node of %2.</numerusform>
            <numerusform>Procurement %1 keeps %n nodes of %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Priced at the bid that takes all %n node(s); check and place it.</source>
        <translation>
            <numerusform>Priced at the bid that takes all %n node; check and place it.</numerusform>
            <numerusform>Priced at the bid that takes all %n nodes; check and place it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The book&apos;s bids do not take %n node(s) for this window: set a price yourself.</source>
        <translation>
            <numerusform>The book&apos;s bids do not take %n node for this window: set a price yourself.</numerusform>
            <numerusform>The book&apos;s bids do not take %n nodes for this window: set a price yourself.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All the pool&apos;s idle capacity: %n node(s). Reading the bids to price it…</source>
        <translation>
            <numerusform>All the pool&apos;s idle capacity: %n node. Reading the bids to price it…</numerusform>
            <numerusform>All the pool&apos;s idle capacity: %n nodes. Reading the bids to price it…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The pool&apos;s idle capacity is not one block of the same nodes: this is its largest, %n node(s) of %1 idle node-hours. Reading the bids to price it…</source>
        <translation>
            <numerusform>The pool&apos;s idle capacity is not one block of the same nodes: this is its largest, %n node of %1 idle node-hours. Reading the bids to price it…</numerusform>
            <numerusform>The pool&apos;s idle capacity is not one block of the same nodes: this is its largest, %n nodes of %1 idle node-hours. Reading the bids to price it…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::SaveTemplateDialog</name>
    <message numerus="yes">
        <source>A template keeps this cloud-init with an image, so that deployments (and anyone in workspace &quot;%1&quot;) can start instances from it. The text is &quot;%2&quot;, %n byte(s), checked without errors.</source>
        <translation>
            <numerusform>A template keeps this cloud-init with an image, so that deployments (and anyone in workspace &quot;%1&quot;) can start instances from it. The text is &quot;%2&quot;, %n byte, checked without errors.</numerusform>
            <numerusform>A template keeps this cloud-init with an image, so that deployments (and anyone in workspace &quot;%1&quot;) can start instances from it. The text is &quot;%2&quot;, %n bytes, checked without errors.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::StartPage</name>
    <message numerus="yes">
        <source>%n node(s) throughout</source>
        <translation>
            <numerusform>%n node throughout</numerusform>
            <numerusform>%n nodes throughout</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pool(s)</source>
        <translation>
            <numerusform>%n pool</numerusform>
            <numerusform>%n pools</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) all week</source>
        <translation>
            <numerusform>%1: %n node all week</numerusform>
            <numerusform>%1: %n nodes all week</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more in Pools</source>
        <translation>
            <numerusform>and %n more in Pools</numerusform>
            <numerusform>and %n more in Pools</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s)</source>
        <translation>
            <numerusform>%n instance</numerusform>
            <numerusform>%n instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n open order(s), %1 standing on the book.</source>
        <translation>
            <numerusform>%n open order, %1 standing on the book.</numerusform>
            <numerusform>%n open orders, %1 standing on the book.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more in Orders</source>
        <translation>
            <numerusform>and %n more in Orders</numerusform>
            <numerusform>and %n more in Orders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n watch(es)</source>
        <translation>
            <numerusform>%n watch</numerusform>
            <numerusform>%n watches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) owned now in %1; %2 idle in the next 48 hours (Pools &gt; Sell Idle… offers them).</source>
        <translation>
            <numerusform>%n node owned now in %1; %2 idle in the next 48 hours (Pools &gt; Sell Idle… offers them).</numerusform>
            <numerusform>%n nodes owned now in %1; %2 idle in the next 48 hours (Pools &gt; Sell Idle… offers them).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node-hour(s)</source>
        <translation>
            <numerusform>%n node-hour</numerusform>
            <numerusform>%n node-hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n node-hour(s) idle</source>
        <translation>
            <numerusform>%1; %n node-hour idle</numerusform>
            <numerusform>%1; %n node-hours idle</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::TopologyDialog</name>
    <message numerus="yes">
        <source>%n instance(s) attached</source>
        <translation>
            <numerusform>%n instance attached</numerusform>
            <numerusform>%n instances attached</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s)</source>
        <translation>
            <numerusform>%n instance</numerusform>
            <numerusform>%n instances</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::UpdatedLabel</name>
    <message numerus="yes">
        <source>updated %n s ago</source>
        <translation>
            <numerusform>updated %n s ago</numerusform>
            <numerusform>updated %n s ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>updated %n min ago</source>
        <translation>
            <numerusform>updated %n min ago</numerusform>
            <numerusform>updated %n min ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::UploadImageDialog</name>
    <message numerus="yes">
        <source>The file goes up in parts of %2, %n at a time, into workspace &quot;%1&quot;; SF Compute checks its SHA-256 when the last part is in. An interrupted upload goes on from where it stopped, also after the app was closed.</source>
        <translation>
            <numerusform>The file goes up in parts of %2, %n at a time, into workspace &quot;%1&quot;; SF Compute checks its SHA-256 when the last part is in. An interrupted upload goes on from where it stopped, also after the app was closed.</numerusform>
            <numerusform>The file goes up in parts of %2, %n at a time, into workspace &quot;%1&quot;; SF Compute checks its SHA-256 when the last part is in. An interrupted upload goes on from where it stopped, also after the app was closed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n part(s) of up to %2.</source>
        <translation>
            <numerusform>%1 in %n part of up to %2.</numerusform>
            <numerusform>%1 in %n parts of up to %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sfdesk::WindowSearchDialog</name>
    <message numerus="yes">
        <source>%n window(s), best first. Enter selects one on the chart.</source>
        <translation>
            <numerusform>%n window, best first. Enter selects it on the chart.</numerusform>
            <numerusform>%n windows, best first. Enter selects one on the chart.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No window of that length is offered in whole for %n node(s) at the best ask between those starts.</source>
        <translation>
            <numerusform>No window of that length is offered in whole for %n node at the best ask between those starts.</numerusform>
            <numerusform>No window of that length is offered in whole for %n nodes at the best ask between those starts.</numerusform>
        </translation>
    </message>
</context>
</TS>
